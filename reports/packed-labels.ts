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

/** The label's numbers, by NUMBER's rule, scanned without cutting the string (a million labels make a lot of garbage otherwise). */
function numbers(label: string): number[] {
  const nums: number[] = [];
  for (let i = 0; i < label.length;) {
    const c = label.charCodeAt(i);
    if (c < 48 || c > 57) {
      i++;
      continue;
    }
    let v = c - 48, j = i + 1;
    for (let d = label.charCodeAt(j); c !== 48 && j - i < 15 && d >= 48 && d <= 57; d = label.charCodeAt(++j)) v = v * 10 + d - 48;
    nums.push(v);
    i = j;
  }
  return nums;
}

/** The literal pieces around a label's numbers. */
function literals(label: string): string[] {
  return label.split(NUMBER);
}

/**
 * The template table's key of a label: the label with each number replaced
 * by NUL, or its pieces as JSON (marked by \u0001) when the label itself
 * holds a NUL or \u0001.
 */
function templateKey(label: string): string {
  return label.includes("\u0000") || label.includes("\u0001") ? `\u0001${JSON.stringify(literals(label))}` : label.replace(NUMBER, "\u0000");
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
        const key = templateKey(label);
        let k = index.get(key);
        if (k === undefined) {
          k = table.length;
          table.push(literals(label));
          index.set(key, k);
        }
        const nums = numbers(label), prev = previous.get(k);
        kinds.push(k);
        for (let i = 0; i < nums.length; i++) args.push((nums[i] ?? 0) - (prev?.[i] ?? 0));
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
