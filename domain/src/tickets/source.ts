import * as E from 'fp-ts/Either';
import { TicketSource } from './events';

export const BUILT_IN_SOURCES: readonly TicketSource[] = ['chatapp', 'email', 'liveChat', 'instagram', 'voiceCall', 'manual'];

interface NormalizedSource {
  readonly source: TicketSource;
  readonly manualSourceLabel: string | null;
}

const blankToNull = (s: string | undefined): string | null => (s === undefined || s.trim() === '' ? null : s.trim());
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A configured label in its configured casing, else the label as sent (trimmed). Rule 2. */
const labelCasing = (label: string, configured: readonly string[]): string => configured.find((c) => same(c, label)) ?? label;

/**
 * Source normalization of docs/api/tickets.md (rule Source) (pure):
 * 1. built-in values (matched case-insensitively, stored in their canonical casing);
 * 2. configured labels matched case-insensitively and stored in their configured casing;
 * 3. a label in `source` is stored as source = manual, manualSourceLabel = the label;
 * 4. any other non-empty source is also stored as manual with the value kept as the label;
 * 5. source = manual with manualSourceLabel is the same thing.
 * No source: a ticket made through this route is `manual` (with manualSourceLabel when sent).
 * Rejected (Left, a 400): a label sent with a non-manual built-in source, or two different labels.
 */
export const normalizeSource = (
  sourceRaw: string | undefined,
  labelRaw: string | undefined,
  configuredLabels: readonly string[],
): E.Either<string, NormalizedSource> => {
  const source = blankToNull(sourceRaw);
  const label = blankToNull(labelRaw);
  const builtIn = source === null ? null : BUILT_IN_SOURCES.find((b) => same(b, source)) ?? null;

  if (builtIn !== null && builtIn !== 'manual') {
    if (label !== null) return E.left(`manualSourceLabel applies to manual tickets only: leave it out, or send source "manual" (source is "${builtIn}")`);
    return E.right({ source: builtIn, manualSourceLabel: null });
  }
  if (source === null || builtIn === 'manual') {
    return E.right({ source: 'manual', manualSourceLabel: label === null ? null : labelCasing(label, configuredLabels) });
  }
  // Rules 3 and 4: source is a label (configured or not).
  if (label !== null && !same(label, source)) {
    return E.left(`source "${source}" is a manual-source label but manualSourceLabel says "${label}": send one label`);
  }
  return E.right({ source: 'manual', manualSourceLabel: labelCasing(source, configuredLabels) });
};
