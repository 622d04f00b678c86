/** Where a job kind lives on the JetStream server. Kinds are checked lower case, so upper-casing is one to one. */
export const jobStream = (kind: string): string => `JOBS_${kind.toUpperCase()}`;
export const jobSubject = (kind: string): string => `jobs.${kind}`;
export const deadStream = (kind: string): string => `DEAD_${kind.toUpperCase()}`;
export const deadSubject = (kind: string): string => `dead.${kind}`;
/** The KV bucket of publisher positions (JobQueue.savePublisherPosition). */
export const PUBLISHER_POSITIONS_BUCKET = 'publisher_positions';
/** A publisher's key in it: KV keys take letters, digits and `-_=`, so anything else is written `=<hex>=`. */
export const publisherKey = (publisher: string): string => publisher.replace(/[^-_A-Za-z0-9]/g, (c) => `=${c.charCodeAt(0).toString(16)}=`);
