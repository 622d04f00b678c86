/** Where a job kind lives on the JetStream server. Kinds are checked lower case, so upper-casing is one to one. */
export const jobStream = (kind: string): string => `JOBS_${kind.toUpperCase()}`;
export const jobSubject = (kind: string): string => `jobs.${kind}`;
export const deadStream = (kind: string): string => `DEAD_${kind.toUpperCase()}`;
export const deadSubject = (kind: string): string => `dead.${kind}`;
