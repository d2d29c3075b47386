/**
 * Strings interned to small ids, for the column stores (compact-history.ts,
 * compact-storage.ts): a column holds the id, `all[id]` the string.
 */
/** Strings interned to small ids, in first-seen order. */
export class Interned {
  readonly ids = new Map<string, number>();
  readonly all: string[] = [];
  constructor(private readonly limit: number) {}

  /** The id of `s`, or -1 when the table is full. */
  id(s: string): number {
    const known = this.ids.get(s);
    if (known !== undefined) return known;
    if (this.all.length >= this.limit) return -1;
    this.ids.set(s, this.all.length);
    this.all.push(s);
    return this.all.length - 1;
  }
}
