/** Time and identity are passed in, never read inside the domain. */
export interface Clock {
  now(): Date;
}

export type IdGenerator = () => string;
