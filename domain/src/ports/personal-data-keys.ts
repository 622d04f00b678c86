/**
 * Where the keys that seal personal data live: a store that can delete (a table beside the log; a
 * MongoDB collection with the distributed engines). Each key seals one event's personal values
 * (`personal-data/`); deleting a key erases those values from the log for good, while the sealed
 * text, and so every leaf, proof and checkpoint over it, stays as it was.
 */
export interface DataKey {
  /** Opaque, unique in the store; the sealed event names it. */
  readonly id: string;
  /** 32 random bytes (AES-256). */
  readonly key: Buffer;
}

export interface PersonalDataKeys {
  /** A fresh key, already durable in the store (an event sealed with it is never left without it). */
  take(): Promise<DataKey>;
  /** The stored keys of these ids; an id missing from the answer was erased (or never stored). */
  find(ids: readonly string[]): Promise<ReadonlyMap<string, Buffer>>;
  /** The same, at once, for stores that can (the embedded one); a projector's batch is opened with it. */
  findNow?(ids: readonly string[]): ReadonlyMap<string, Buffer>;
  /** Deletes these keys for good (the store's files keep no copy once it returns); answers how many it deleted. */
  erase(ids: readonly string[]): Promise<number>;
  close(): Promise<void>;
}

/** The erasure of sealed personal values: their keys deleted everywhere they are kept (the key store, and the memory of this process). */
export interface PersonalDataErasure {
  eraseKeys(ids: readonly string[]): Promise<number>;
}
