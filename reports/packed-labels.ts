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

/** Decimal runs kept exactly: "0", or up to 15 digits not starting with 0 (so "007" is 0, 0, 7). */
const NUMBER = /0|[1-9]\d{0,14}/g;

function split(label: string): { lits: string[]; nums: number[] } {
  const lits: string[] = [], nums: number[] = [];
  let last = 0;
  for (const m of label.matchAll(NUMBER)) {
    lits.push(label.slice(last, m.index));
    nums.push(Number(m[0]));
    last = m.index + m[0].length;
  }
  lits.push(label.slice(last));
  return { lits, nums };
}

/** A fresh packer with an empty template table. Pure (its state is its own). */
export function labelPacker(): LabelPacker {
  const table: string[][] = [];
  const index = new Map<string, number>();
  return {
    pack(labels) {
      const kinds: number[] = [], args: number[] = [];
      const previous = new Map<number, number[]>();
      for (const label of labels) {
        const { lits, nums } = split(label);
        const key = JSON.stringify(lits);
        let k = index.get(key);
        if (k === undefined) {
          k = table.length;
          table.push(lits);
          index.set(key, k);
        }
        const prev = previous.get(k);
        kinds.push(k);
        nums.forEach((n, i) => args.push(n - (prev?.[i] ?? 0)));
        previous.set(k, nums);
      }
      return { k: packInts(kinds), a: packInts(args) };
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
