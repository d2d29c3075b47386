/**
 * A compact text form for long columns of integers: each integer
 * zigzag-mapped (so small negatives stay small) and written as a base-128
 * varint, the bytes then base64. Times in microseconds, as deltas, take two
 * or three bytes instead of six or seven JSON digits. Arithmetic, not
 * bitwise operators, so integers up to 2^52 in magnitude survive (hours of
 * microseconds exceed 2^31). The report's inline script carries the mirror
 * decoder (`unpack` in timeline-script.ts).
 */

/** Packs integers (|x| < 2^52; others are rounded toward zero) into base64. Pure. */
export function packInts(xs: readonly number[] | Float64Array): string {
  const bytes = new Uint8Array(xs.length * 8 + 8);
  let at = 0;
  for (const x of xs) {
    const n = Math.trunc(x);
    let z = n >= 0 ? n * 2 : -n * 2 - 1;
    while (z >= 128) {
      bytes[at++] = (z % 128) + 128;
      z = Math.floor(z / 128);
    }
    bytes[at++] = z;
  }
  return Buffer.from(bytes.buffer, 0, at).toString("base64");
}

/** The integers `packInts` packed, in order. Pure. */
export function unpackInts(text: string): number[] {
  const bytes = Buffer.from(text, "base64");
  const out: number[] = [];
  let z = 0, scale = 1;
  for (const b of bytes) {
    z += (b % 128) * scale;
    if (b >= 128) {
      scale *= 128;
      continue;
    }
    out.push(z % 2 === 0 ? z / 2 : -(z + 1) / 2);
    z = 0;
    scale = 1;
  }
  return out;
}

/** Each entry minus the one before it (the first minus 0). Pure. */
export function deltas(xs: readonly number[]): number[] {
  return xs.map((x, i) => x - (i === 0 ? 0 : (xs[i - 1] ?? 0)));
}
