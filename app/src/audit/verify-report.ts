import { positionFromString } from '@support/domain';
import { AuditVerdict, Checkpoint } from '@support/event-sourcing';

export const VERIFY_USAGE = `usage: npm run verify [-- --checkpoint <file>] [--key <verifier key>]
  reads DATA_DIR/events.sqlite and DATA_DIR/transparency.sqlite (read only; the service may run)
  --checkpoint: a signed checkpoint kept elsewhere (the "checkpoint" of GET /admin/log/checkpoint)
  --key: the verifier key to check checkpoints with (default: the one of LOG_SIGNING_KEY or DATA_DIR)`;

export interface VerifyArgs {
  readonly checkpoint?: string;
  readonly key?: string;
}

/** argv after `--`; `usage` with the text to print when the command cannot run as asked. */
export const parseVerifyArgs = (argv: readonly string[]): VerifyArgs | { usage: string } => {
  const args: { checkpoint?: string; key?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag !== '--checkpoint' && flag !== '--key') return { usage: flag === '--help' || flag === '-h' ? VERIFY_USAGE : `unknown argument "${flag}"\n${VERIFY_USAGE}` };
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) return { usage: `${flag} needs a value\n${VERIFY_USAGE}` };
    args[flag === '--checkpoint' ? 'checkpoint' : 'key'] = value;
    i += 1;
  }
  return args;
};

const head = (c: Checkpoint) => `checkpoint ${c.size} (${c.time.toISOString()})`;

/** The verdict as the auditor reads it: one line, naming the first event that differs by position and stream. */
export const describeVerdict = (verdict: AuditVerdict, gapAfter: (position: bigint) => { streamName: string; revision: number } | null): string => {
  if (verdict.verified) {
    if (verdict.checkpoint === null) return `verified ${verdict.events} events against the stored tree; no checkpoint is signed yet`;
    const later = verdict.events - verdict.checkpoint.size;
    return `verified ${verdict.events} events up to ${head(verdict.checkpoint)}${later > 0 ? `; the last ${later} are in no checkpoint yet` : ''}`;
  }
  const f = verdict.finding;
  switch (f.kind) {
    case 'altered':
      return `altered: the event at position ${f.position} (stream ${f.streamName}, revision ${f.revision}) is not the event that was signed`;
    case 'reordered':
      return `reordered: the event at position ${f.position} (stream ${f.streamName}, revision ${f.revision}) was signed at position ${f.signedAt}`;
    case 'inserted':
      return `inserted: the event at position ${f.position} (stream ${f.streamName}, revision ${f.revision}) is not in the signed log (the next signed event is at ${f.expected})`;
    case 'missing': {
      const gap = gapAfter(positionFromString(f.position).commit);
      return `missing: the event at position ${f.position} (${gap === null ? 'its stream had no later event' : `stream ${gap.streamName}, revision ${gap.revision}`}) was removed`;
    }
    case 'truncated':
      return `missing: the log ends after ${f.size} events but ${head(f.checkpoint)} signed ${f.checkpoint.size}`
        + `${f.position === null ? '' : `: the events from position ${f.position} on were removed`}`;
    case 'unnamed':
      return `altered: the log's first ${f.checkpoint.size} events are not those of ${head(f.checkpoint)}, and the tree's stored leaves were changed too, so the event cannot be named`;
  }
};
