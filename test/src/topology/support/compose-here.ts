import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/**
 * docker-compose.yml read as a test runs it on one machine: each service's environment as written,
 * with only what must differ here changed (issue 62, point 5).
 */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

export interface ComposeService {
  readonly image?: string;
  readonly build?: unknown;
  readonly ports?: readonly string[];
  readonly environment?: Readonly<Record<string, string | number | boolean>>;
}

export const composeServices = (): Readonly<Record<string, ComposeService>> =>
  (parseYaml(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, ComposeService> }).services;

/** A service of the compose file run here: the loopback port of each of its container ports, and of each published one where another process (a proxy) stands between. */
export interface ServiceHere {
  readonly ports: Readonly<Record<string, number>>;
  readonly publishedPorts?: Readonly<Record<string, number>>;
}

export interface Machine {
  /** The services run here by name; one absent is not run. */
  readonly services: Readonly<Record<string, ServiceHere>>;
  /** A container's folders as this machine has them (the image's /app is the repository, /data a folder of the test's). */
  readonly paths: Readonly<Record<string, string>>;
}

export interface EnvironmentHere {
  readonly env: Record<string, string>;
  /** Each variable not passed, and why: it names a host or folder of the compose stack that is not here. */
  readonly dropped: Record<string, string>;
}

/**
 * Where each `host:port` the compose file can name is here: `service:containerPort` on the compose
 * network at 127.0.0.1, `localhost:publishedPort` (the host's view) at localhost; null for a service
 * not run here.
 */
const addressesHere = (services: Readonly<Record<string, ComposeService>>, machine: Machine): Map<string, string | null> => {
  const addresses = new Map<string, string | null>();
  for (const [name, service] of Object.entries(services)) {
    const here = machine.services[name];
    for (const mapping of service.ports ?? []) {
      const [published, inside] = String(mapping).split(':');
      const port = here?.ports[inside];
      addresses.set(`${name}:${inside}`, port === undefined ? null : `127.0.0.1:${port}`);
      const publishedHere = here?.publishedPorts?.[inside] ?? port;
      addresses.set(`localhost:${published}`, publishedHere === undefined ? null : `localhost:${publishedHere}`);
    }
  }
  return addresses;
};

/**
 * `service`'s environment as docker-compose.yml writes it, for this machine: every `host:port` of a
 * compose service (or of localhost, the host's published ports) replaced by where it runs here, every
 * container folder by this machine's; a variable naming what is not here is dropped (and said why).
 * Every other variable is passed with compose's name and value.
 */
export const composeEnvironmentHere = (services: Readonly<Record<string, ComposeService>>, service: string, machine: Machine): EnvironmentHere => {
  const written = services[service]?.environment;
  if (written === undefined || Array.isArray(written)) throw new Error(`docker-compose.yml: ${service} has no environment map`);
  const addresses = addressesHere(services, machine);
  const hosts = new Set([...Object.keys(services), 'localhost']);
  const env: Record<string, string> = {};
  const dropped: Record<string, string> = {};
  for (const [name, raw] of Object.entries(written)) {
    const value = String(raw);
    const missing: string[] = [];
    let here = value.replace(/\b([a-z][a-z0-9-]*):(\d+)\b/g, (whole, host: string) => {
      if (!hosts.has(host)) return whole;
      const address = addresses.get(whole);
      if (address === undefined || address === null) missing.push(whole);
      return address ?? whole;
    });
    if (here.startsWith('/')) {
      const folder = Object.keys(machine.paths).find((p) => here === p || here.startsWith(`${p}/`));
      if (folder === undefined) missing.push(here);
      else here = machine.paths[folder] + here.slice(folder.length);
    }
    if (missing.length > 0) dropped[name] = `names ${missing.join(', ')}, not run here`;
    else env[name] = here;
  }
  return { env, dropped };
};
