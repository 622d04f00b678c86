import { parseArgs } from 'node:util';
import { findNginx, writeEdgeConfig } from '../edge-config';

/**
 * `npm run --silent nginx-config -- <dir> [--listen ADDR] [--command-api ADDR]... [--query-api ADDR]...`:
 * writes a whole nginx configuration for the four processes run by hand on one machine into
 * `<dir>`: `nginx.conf` (in the foreground, errors on stderr, pid and temporary files in `<dir>`)
 * and `support.conf` (deploy/nginx/support.conf with these addresses). Defaults are the layout of
 * `npm run start:four`: nginx on 127.0.0.1:8080, command-api on :8081, query-api on :8082. Prints
 * the command that runs nginx with it.
 */
const USAGE = 'usage: npm run --silent nginx-config -- <dir> [--listen 127.0.0.1:8080] [--command-api 127.0.0.1:8081]... [--query-api 127.0.0.1:8082]...';

const ADDRESS = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/;

const fail = (message: string): never => {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
};

const main = async () => {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        listen: { type: 'string', default: '127.0.0.1:8080' },
        'command-api': { type: 'string', multiple: true, default: ['127.0.0.1:8081'] },
        'query-api': { type: 'string', multiple: true, default: ['127.0.0.1:8082'] },
      },
    });
  } catch (e) {
    return fail((e as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) fail('name one folder for the configuration');
  const addresses = { listen: values.listen, commandApi: values['command-api'], queryApi: values['query-api'] };
  for (const address of [addresses.listen, ...addresses.commandApi, ...addresses.queryApi]) {
    if (!ADDRESS.test(address)) fail(`"${address}" is not a host:port address (e.g. 127.0.0.1:8081)`);
  }
  const args = writeEdgeConfig(positionals[0], addresses);
  const nginx = (await findNginx()) ?? 'nginx';
  process.stdout.write(`${[nginx, ...args].join(' ')}\n`);
};

void main();
