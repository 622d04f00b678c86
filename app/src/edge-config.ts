import { chmodSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/** deploy/nginx/support.conf of the repository (from app/dist: ../../deploy/nginx). */
const EDGE_CONFIG_FILE = path.resolve(__dirname, '..', '..', 'deploy', 'nginx', 'support.conf');

export interface EdgeAddresses {
  /** Where nginx listens, e.g. `127.0.0.1:8080`. */
  readonly listen: string;
  /** The command-api and query-api gateways, e.g. `127.0.0.1:8081`; several processes of one: nginx spreads the requests over them. */
  readonly commandApi: string | readonly string[];
  readonly queryApi: string | readonly string[];
}

const replaceOnce = (text: string, pattern: RegExp, replacement: string, what: string): string => {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  if (matches === null || matches.length !== 1) throw new Error(`${EDGE_CONFIG_FILE}: expected one ${what}, found ${matches?.length ?? 0}`);
  return text.replace(pattern, replacement);
};

/** The `server` addresses of an upstream: one line each. */
const serverLines = (addresses: string | readonly string[]): string => (typeof addresses === 'string' ? [addresses] : addresses).join(';\n    server ');

/** support.conf with these addresses in its `listen` line and in the `server` line(s) of each upstream. */
export const edgeServerConfig = (addresses: EdgeAddresses, source: string = readFileSync(EDGE_CONFIG_FILE, 'utf8')): string => {
  let text = replaceOnce(source, /^(\s*listen\s+)[^;\s]+;/m, `$1${addresses.listen};`, '`listen` line');
  text = replaceOnce(text, /(upstream support_command_api \{\s*server\s+)[^;\s]+;/, `$1${serverLines(addresses.commandApi)};`, 'command-api upstream');
  text = replaceOnce(text, /(upstream support_query_api \{\s*server\s+)[^;\s]+;/, `$1${serverLines(addresses.queryApi)};`, 'query-api upstream');
  return text;
};

/**
 * A whole nginx.conf for `nginx -e stderr -p <prefix> -c <prefix>/nginx.conf`: in the foreground,
 * its pid and temporary files in `prefix`, errors on stderr, and support.conf (written beside it) in `http`.
 */
export const edgeMainConfig = (prefix: string, options: { accessLog?: boolean } = {}): string => `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
    access_log ${options.accessLog ? '/dev/stdout' : 'off'};
    client_body_temp_path ${prefix}/client_body_temp;
    proxy_temp_path ${prefix}/proxy_temp;
    fastcgi_temp_path ${prefix}/fastcgi_temp;
    uwsgi_temp_path ${prefix}/uwsgi_temp;
    scgi_temp_path ${prefix}/scgi_temp;
    include ${prefix}/support.conf;
}
`;

/**
 * Writes `nginx.conf` and `support.conf` (support.conf with these addresses) into `prefix` (made if
 * missing), for `nginx -e stderr -p <prefix> -c <prefix>/nginx.conf`; answers that command's arguments.
 */
export const writeEdgeConfig = (prefix: string, addresses: EdgeAddresses, options: { accessLog?: boolean } = {}): string[] => {
  const dir = path.resolve(prefix);
  mkdirSync(dir, { recursive: true });
  // nginx's workers (not root when the master is) create their temporary files under it.
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'support.conf'), edgeServerConfig(addresses));
  writeFileSync(path.join(dir, 'nginx.conf'), edgeMainConfig(dir, options));
  return ['-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf')];
};

/** The nginx binary: NGINX_BIN, else `nginx` on PATH or in /usr/sbin (Debian's package); null when there is none. */
export const findNginx = async (env: NodeJS.ProcessEnv = process.env): Promise<string | null> => {
  const given = env.NGINX_BIN?.trim();
  const candidates = given ? [given] : [...(env.PATH ?? '').split(path.delimiter).filter((d) => d !== ''), '/usr/sbin', '/usr/local/sbin'].map((d) => path.join(d, 'nginx'));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
};
