import os from 'node:os';
import { normalizeHost, ServiceItself, targetOrigin } from '@support/domain';

/** The machine's interface addresses now (loopback and LAN ones alike). */
const interfaceAddresses = (): string[] => Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => normalizeHost(i.address)));

/**
 * Where this process answers, for the webhook rule that no target is the service itself: the
 * origin of PUBLIC_BASE_URL, and the port it listens on at the machine's own addresses (read from
 * the interfaces at start).
 */
export const serviceItselfOf = (publicBaseUrl: string, listeningPort: number): ServiceItself => {
  let base: URL;
  try {
    base = new URL(publicBaseUrl);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute URL (e.g. https://support.example.com), got "${publicBaseUrl}"`);
  }
  return { publicOrigin: targetOrigin(base), listeningPort, localAddresses: interfaceAddresses() };
};
