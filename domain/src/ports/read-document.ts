/** A read-model document: its id and fields (JSON values). */
export type ReadDocument = { readonly _id: string; readonly [field: string]: unknown };
