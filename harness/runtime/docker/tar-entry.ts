/**
 * The first entry of a tar stream, as the Docker engine's archive API hands
 * a file out. Pure.
 */

/** The first real entry of a tar stream: a file's (leading) bytes, or where a link points. */
export type TarEntry =
  | { readonly type: "file"; readonly name: string; readonly content: Buffer }
  | { readonly type: "symlink"; readonly name: string; readonly target: string }
  | { readonly type: "other"; readonly name: string };

/**
 * Parses the first entry of `tar` (its start may be all there is: a file's
 * content is cut to what `tar` holds), honouring a PAX header's `path` and
 * `linkpath`. Undefined when not even one header is there.
 */
export function firstTarEntry(tar: Buffer): TarEntry | undefined {
  let at = 0;
  let pax: Record<string, string> = {};
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) return undefined;
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const body = tar.subarray(at + 512, at + 512 + size);
    if (type === "x") {
      pax = parsePax(body.toString("utf8"));
      at += 512 + Math.ceil(size / 512) * 512;
      continue;
    }
    const name = pax.path ?? field(header, 0, 100);
    if (type === "2") return { type: "symlink", name, target: pax.linkpath ?? field(header, 157, 100) };
    if (type === "0" || type === "\0" || type === "7") return { type: "file", name, content: body };
    return { type: "other", name };
  }
  return undefined;
}

function field(header: Buffer, start: number, length: number): string {
  return header.toString("utf8", start, start + length).replace(/\0.*$/s, "");
}

/** PAX records: "<len> <key>=<value>\n" each. */
function parsePax(text: string): Record<string, string> {
  const records: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^\d+ ([^=]+)=(.*)$/s.exec(line);
    if (match) records[match[1] as string] = match[2] as string;
  }
  return records;
}
