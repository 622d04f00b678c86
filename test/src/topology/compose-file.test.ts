import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse as parseYaml } from 'yaml';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

interface ComposeService {
  readonly image?: string;
  readonly build?: unknown;
  readonly restart?: string;
  readonly environment?: Record<string, string>;
  readonly healthcheck?: { readonly test?: readonly string[] };
}

const compose = (): Record<string, ComposeService> =>
  (parseYaml(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, ComposeService> }).services;

/**
 * The programs each image of docker-compose.yml has, from its Dockerfile (issue 62): a healthcheck
 * may run only these. nats:2.10 is built FROM scratch (the nats-server binary alone), so it has none;
 * its Alpine variant has busybox's wget. The service's own image (`build: .`) is node:20's.
 */
const IMAGE_PROGRAMS: Readonly<Record<string, readonly string[]>> = {
  'kurrentplatform/kurrentdb:25.1': ['curl', 'sh'],
  'mongo:7': ['mongosh', 'sh'],
  'nats:2.10': [],
  'nats:2.10-alpine': ['wget', 'sh'],
  'mcr.microsoft.com/azure-storage/azurite': ['node', 'sh'],
  'nginx:1.27': ['curl', 'sh'],
  '(build .)': ['node', 'sh'],
};

/** The program a healthcheck runs: CMD's first word, or for CMD-SHELL the shell and the command's first word. */
const programsOf = (test: readonly string[]): string[] =>
  test[0] === 'CMD' ? [test[1]] : test[0] === 'CMD-SHELL' ? ['sh', test[1].trim().split(/\s+/)[0]] : [];

describe('docker-compose.yml starts and keeps every service (issue 62, point 1)', () => {
  it('given each service\'s healthcheck, then it runs only programs its image has', () => {
    for (const [name, service] of Object.entries(compose())) {
      if (service.healthcheck?.test === undefined) continue;
      const image = service.image ?? '(build .)';
      const has = IMAGE_PROGRAMS[image];
      expect(has, `${name}: the programs of ${image} are not listed in this test (add them from its Dockerfile)`).to.not.equal(undefined);
      for (const program of programsOf(service.healthcheck.test)) expect(has, `${name}'s healthcheck runs ${program}, which ${image} lacks`).to.include(program);
    }
  });

  it('given every service, then it restarts unless stopped, so a component that fails once at start comes back', () => {
    for (const [name, service] of Object.entries(compose())) expect(service.restart, name).to.equal('unless-stopped');
  });

  it('given the components\' environment, then every variable is one the service reads, and the keys every container must share are set once for all', () => {
    const settings = readFileSync(path.join(REPO_ROOT, 'app', 'src', 'settings.ts'), 'utf8');
    const read = new Set([...settings.matchAll(/env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
    const components = Object.entries(compose()).filter(([, s]) => s.build !== undefined);
    expect(components.map(([name]) => name).sort()).to.deep.equal(['command-api', 'projectors', 'query-api', 'workers']);
    for (const [name, service] of components) {
      for (const variable of Object.keys(service.environment ?? {})) expect(read, `${name}: ${variable} is not read by app/src/settings.ts`).to.include(variable);
      for (const shared of ['WEBHOOK_SIGNING_KEY', 'LOG_SIGNING_KEY']) expect(service.environment?.[shared], `${name}: ${shared}`).to.have.length.of.at.least(32);
    }
  });
});
