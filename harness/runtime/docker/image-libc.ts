/**
 * Whether libfaketime can reach a program, read from its bytes alone: an
 * ELF file names its dynamic loader in PT_INTERP (none: statically linked,
 * so `LD_PRELOAD` is never read); glibc's loader is `ld-linux*.so*`, musl's
 * `ld-musl-*.so*`; a script names its interpreter on its `#!` line. Also the
 * first entry of a tar stream, as the Docker engine hands files out. Pure.
 */

/** What a program file is. */
export type ProgramKind =
  | { readonly kind: "elf"; readonly interpreter: string | undefined }
  | { readonly kind: "script"; readonly interpreter: readonly string[] }
  | { readonly kind: "other" };

/** The C library a dynamic loader belongs to. */
export type Libc = "glibc" | "musl" | "static" | "unknown";

const PT_INTERP = 3;

/** Reads the start of a file (enough for its program headers: the first 64 KiB do). */
export function programKind(head: Buffer): ProgramKind {
  if (head.length >= 4 && head[0] === 0x7f && head.toString("latin1", 1, 4) === "ELF") return { kind: "elf", interpreter: elfInterpreter(head) };
  if (head.toString("latin1", 0, 2) === "#!") {
    const line = head.toString("utf8", 2, Math.max(2, head.indexOf(0x0a) === -1 ? head.length : head.indexOf(0x0a)));
    const words = line.trim().split(/\s+/).filter(Boolean);
    return words.length > 0 ? { kind: "script", interpreter: words } : { kind: "other" };
  }
  return { kind: "other" };
}

/** The C library of a loader path (undefined: no loader, a static program). */
export function libcOf(interpreter: string | undefined): Libc {
  if (interpreter === undefined) return "static";
  const base = interpreter.slice(interpreter.lastIndexOf("/") + 1);
  if (/^ld-musl-/.test(base)) return "musl";
  if (/^ld-linux[-.]/.test(base) || /^ld64\.so/.test(base)) return "glibc";
  return "unknown";
}

/** The PT_INTERP path of an ELF file, or undefined when it has none (or its headers lie beyond `elf`). */
function elfInterpreter(elf: Buffer): string | undefined {
  const wide = elf[4] === 2;
  const little = elf[5] !== 2;
  const u16 = (at: number): number => (little ? elf.readUInt16LE(at) : elf.readUInt16BE(at));
  const u32 = (at: number): number => (little ? elf.readUInt32LE(at) : elf.readUInt32BE(at));
  const word = (at: number): number => (wide ? Number(little ? elf.readBigUInt64LE(at) : elf.readBigUInt64BE(at)) : u32(at));
  if (elf.length < (wide ? 64 : 52)) return undefined;
  const phoff = word(wide ? 0x20 : 0x1c);
  const phentsize = u16(wide ? 0x36 : 0x2a);
  const phnum = u16(wide ? 0x38 : 0x2c);
  for (let i = 0; i < phnum; i++) {
    const at = phoff + i * phentsize;
    if (at + phentsize > elf.length) return undefined;
    if (u32(at) !== PT_INTERP) continue;
    const offset = word(at + (wide ? 0x08 : 0x04));
    const size = word(at + (wide ? 0x20 : 0x10));
    if (offset + size > elf.length) return undefined;
    return elf.toString("latin1", offset, offset + size).replace(/\0+$/, "");
  }
  return undefined;
}

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
