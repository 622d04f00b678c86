/** Where a webhook URL goes: its host, as the target rules compare hosts, and the port it connects to. */
export interface TargetOrigin {
  readonly host: string;
  readonly port: number;
}

/** A host as the target rules compare it: lower case, IPv6 without brackets, no trailing dot. */
export const normalizeHost = (host: string): string => host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/** The port a URL of this scheme goes to when it names none: 80 for http, 443 for https (0 for another scheme). */
export const defaultPort = (protocol: string): number => (protocol === 'https:' ? 443 : protocol === 'http:' ? 80 : 0);

/** The URL's host and port (its scheme's default port when it names none, as the URL means). */
export const targetOrigin = (url: URL): TargetOrigin => ({ host: normalizeHost(url.hostname), port: url.port !== '' ? Number(url.port) : defaultPort(url.protocol) });

/** host:port as it is written, an IPv6 address in brackets ([::1]:9000). */
export const hostAndPort = ({ host, port }: TargetOrigin): string => `${host.includes(':') ? `[${host}]` : host}:${port}`;
