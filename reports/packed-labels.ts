/**
 * Timeline labels packed for the report: a label is its literal text with
 * the numbers cut out ("p# wrote v#-# with token #: accepted") plus those
 * numbers. The literal skeletons (templates) are few and embedded once for
 * every track; each label is then a template index and its numbers, every
 * number stored as the difference from the same slot of the previous label
 * of its template (tokens and process ids barely move), all as packed
 * integers. The inline script rebuilds a label only when it is shown.
 */
import { packInts, unpackInts } from "./packed-ints.js";

/** One packed label column: template index per label, then every label's numbers. */
export interface PackedLabels {
  readonly k: string;
  readonly a: string;
}

/** Packs label columns against one shared template table. */
export interface LabelPacker {
  pack(labels: readonly string[]): PackedLabels;
  /** The templates so far: the literal pieces around each label's numbers. */
  templates(): readonly (readonly string[])[];
}

/** Decimal runs kept exactly: "0", or up to 15 digits not starting with 0 (so "007" is 0, 0, 7 and a 20-digit token two numbers). */
const NUMBER = /0|[1-9]\d{0,14}/g;

/** A growable column of numbers (a typed array doubled when full). */
class Numbers {
  xs = new Float64Array(1 << 12);
  n = 0;
  push(x: number): void {
    if (this.n === this.xs.length) {
      const grown = new Float64Array(this.xs.length * 2);
      grown.set(this.xs);
      this.xs = grown;
    }
    this.xs[this.n++] = x;
  }
}

/** The end of the number starting at `i` (a digit), by NUMBER's rule: "0" alone, else up to 15 digits. */
function numberEnd(label: string, i: number): number {
  if (label.charCodeAt(i) === 48) return i + 1;
  let j = i + 1;
  for (let d = label.charCodeAt(j); j - i < 15 && d >= 48 && d <= 57; d = label.charCodeAt(++j));
  return j;
}

/**
 * Scans `label` once: pushes its numbers onto `raw` and returns a hash of
 * its literal pieces (each number a marker), so that its template is found
 * without cutting the string (a million labels make a lot of garbage otherwise).
 */
function scan(label: string, raw: Numbers): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < label.length;) {
    const c = label.charCodeAt(i);
    if (c < 48 || c > 57) {
      h = Math.imul(h ^ c, 16777619);
      i++;
      continue;
    }
    const j = numberEnd(label, i);
    let v = 0;
    for (let d = i; d < j; d++) v = v * 10 + label.charCodeAt(d) - 48;
    raw.push(v);
    h = Math.imul(h ^ 0x10000, 16777619);
    i = j;
  }
  return h;
}

/** True when `label` is the literal pieces `lits` with a number between each two. */
function fits(label: string, lits: readonly string[]): boolean {
  let i = 0;
  for (let p = 0; p < lits.length; p++) {
    if (p > 0) {
      const c = label.charCodeAt(i);
      if (!(c >= 48 && c <= 57)) return false;
      i = numberEnd(label, i);
    }
    const lit = lits[p] as string;
    if (!label.startsWith(lit, i)) return false;
    i += lit.length;
  }
  return i === label.length;
}

/** A fresh packer with an empty template table. Pure (its state is its own). */
export function labelPacker(): LabelPacker {
  const table: string[][] = [];
  const byHash = new Map<number, number[]>();
  const template = (label: string, h: number): number => {
    const candidates = byHash.get(h);
    for (const k of candidates ?? []) if (fits(label, table[k] as string[])) return k;
    table.push(label.split(NUMBER));
    if (candidates === undefined) byHash.set(h, [table.length - 1]);
    else candidates.push(table.length - 1);
    return table.length - 1;
  };
  return {
    pack(labels) {
      const kinds = new Float64Array(labels.length), raw = new Numbers(), args = new Numbers();
      // Where the previous label of each template has its numbers in `raw` (-1: none yet).
      const previous: number[] = [];
      labels.forEach((label, i) => {
        const from = raw.n;
        const k = template(label, scan(label, raw));
        const prev = previous[k] ?? -1;
        kinds[i] = k;
        for (let j = from; j < raw.n; j++) args.push((raw.xs[j] as number) - (prev === -1 ? 0 : (raw.xs[prev + j - from] as number)));
        previous[k] = from;
      });
      return { k: packInts(kinds), a: packInts(args.xs.subarray(0, args.n)) };
    },
    templates: () => table,
  };
}

/** The labels a packed column holds (the mirror of the inline script's decoder, for tests). Pure. */
export function unpackLabels(templates: readonly (readonly string[])[], packed: PackedLabels): string[] {
  const kinds = unpackInts(packed.k), args = unpackInts(packed.a);
  const previous = new Map<number, number[]>();
  let at = 0;
  return kinds.map((k) => {
    const lits = templates[k] ?? [""];
    const prev = previous.get(k);
    const nums = lits.slice(1).map((_, i) => (args[at++] ?? 0) + (prev?.[i] ?? 0));
    previous.set(k, nums);
    return lits.map((lit, i) => (i === 0 ? lit : `${String(nums[i - 1])}${lit}`)).join("");
  });
}
