/**
 * Rows of cells packed for another thread: every cell of the batch in one string, and each cell's
 * length (row-major) in an Int32Array whose buffer is transferred, not copied. Posting one string
 * and one buffer costs a fraction of cloning an array of arrays of strings.
 */
export interface PackedRows {
  readonly text: string;
  readonly lengths: Int32Array;
  readonly columns: number;
}

/** Collects rows of `columns` cells, up to `capacity` rows, into a PackedRows. */
export class RowPacker {
  private parts: string[] = [];
  private lengths: Int32Array;
  private cells = 0;

  constructor(private readonly columns: number, private readonly capacity: number) {
    this.lengths = new Int32Array(columns * capacity);
  }

  get rows(): number {
    return this.cells / this.columns;
  }

  get full(): boolean {
    return this.cells === this.lengths.length;
  }

  add(row: readonly string[]): void {
    if (row.length !== this.columns) throw new Error(`a row of ${row.length} cells where the header has ${this.columns}`);
    for (let i = 0; i < row.length; i++) this.lengths[this.cells++] = row[i].length;
    this.parts.push(row.join(''));
  }

  /** The rows added since the last take, and a fresh empty packer state. */
  take(): PackedRows {
    const packed: PackedRows = { text: this.parts.join(''), lengths: this.lengths.subarray(0, this.cells), columns: this.columns };
    this.parts = [];
    this.lengths = new Int32Array(this.columns * this.capacity);
    this.cells = 0;
    return packed;
  }
}

/** The rows of a PackedRows (cells are slices of its text). */
export const unpackRows = (packed: PackedRows): string[][] => {
  const { text, lengths, columns } = packed;
  const rows: string[][] = [];
  let at = 0;
  for (let cell = 0; cell < lengths.length; ) {
    const row = new Array<string>(columns);
    for (let i = 0; i < columns; i++, cell++) {
      const end = at + lengths[cell];
      row[i] = text.slice(at, end);
      at = end;
    }
    rows.push(row);
  }
  return rows;
};
