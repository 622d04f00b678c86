import * as E from 'fp-ts/Either';

/** What `npm run --silent events -- ...` asks for: the feed's query parameters, and where to read. */
export interface EventsCliArgs {
  /** The parameters of GET /admin/events (stream, prefix, ticket, type, account, from, follow). */
  readonly query: Readonly<Record<string, string[]>>;
  /** Base URL of a running service (--url or EVENTS_URL): read over HTTP. Unset: open the engine directly. */
  readonly url?: string;
}

export const EVENTS_USAGE = `usage: npm run --silent events -- [<stream>] [--stream <name>]... [--ticket <id>]... [--type <EventType>]...
                          [--prefix <stream prefix>]... [--account <id>] [--from <position>] [--follow] [--all]
                          [--url <service base URL>]
  --url (or EVENTS_URL): read a running service over HTTP (GET /admin/events), with the token in
        EVENTS_TOKEN (the operator token, or an account admin's access token); --follow prints each
        new event as it is appended, reconnecting from the last position if the connection drops.
  without --url: open the engine the environment names (EVENTSTORE_URL at any time; the embedded
        log under DATA_DIR only while no service runs on it).`;

const FLAGS: Readonly<Record<string, string>> = { '--stream': 'stream', '--ticket': 'ticket', '--type': 'type', '--prefix': 'prefix', '--account': 'account', '--from': 'from' };

/** argv (after `--`) to the feed query; a bare first word is a stream name, as before. */
export const parseEventsCliArgs = (argv: readonly string[], env: NodeJS.ProcessEnv = process.env): E.Either<string, EventsCliArgs> => {
  if (argv.length === 0) return E.left(EVENTS_USAGE);
  const query: Record<string, string[]> = {};
  const add = (key: string, value: string) => (query[key] = [...(query[key] ?? []), value]);
  let url = env.EVENTS_URL?.trim() || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return E.left(EVENTS_USAGE);
    if (arg === '--all') continue;
    if (arg === '--follow') {
      add('follow', 'true');
      continue;
    }
    if (arg === '--url' || FLAGS[arg] !== undefined) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return E.left(`${arg} needs a value\n${EVENTS_USAGE}`);
      i += 1;
      if (arg === '--url') url = value;
      else add(FLAGS[arg], value);
      continue;
    }
    if (arg.startsWith('-') || i > 0) return E.left(`unknown argument "${arg}"\n${EVENTS_USAGE}`);
    add('stream', arg);
  }
  return E.right({ query, ...(url !== undefined ? { url: url.replace(/\/+$/, '') } : {}) });
};
