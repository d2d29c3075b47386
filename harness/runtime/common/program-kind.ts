/**
 * Whether libfaketime can reach a program, read from the start of its file
 * alone: an ELF file names its dynamic loader in PT_INTERP (none:
 * statically linked, so `LD_PRELOAD` is never read); glibc's loader is
 * `ld-linux*.so*`, musl's `ld-musl-*.so*`; a Go program (its linker's
 * build-id note, "Go" of type 4, in a PT_NOTE segment at the file's start)
 * reads the clock through the vDSO itself, never through libc, so
 * libfaketime does not move it even when it loads; a script names its
 * interpreter on its `#!` line. Pure.
 */

/** What a program file is. */
export type ProgramKind =
  | { readonly kind: "elf"; readonly interpreter: string | undefined; readonly go: boolean }
  | { readonly kind: "script"; readonly interpreter: readonly string[] }
  | { readonly kind: "other" };

/** The C library a dynamic loader belongs to. */
export type Libc = "glibc" | "musl" | "static" | "unknown";

const PT_INTERP = 3;
const PT_NOTE = 4;
/** The type of the Go linker's build-id note. */
const NT_GO_BUILD_ID = 4;

/** Reads the start of a file (enough for its program headers: the first 64 KiB do). */
export function programKind(head: Buffer): ProgramKind {
  if (head.length >= 4 && head[0] === 0x7f && head.toString("latin1", 1, 4) === "ELF") {
    const segments = programHeaders(head);
    return { kind: "elf", interpreter: elfInterpreter(head, segments), go: segments.some((s) => s.type === PT_NOTE && hasGoNote(head, s)) };
  }
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

interface Segment {
  readonly type: number;
  readonly offset: number;
  readonly size: number;
  readonly little: boolean;
}

/** The program headers of an ELF file that lie within `elf` (none when its header is cut). */
function programHeaders(elf: Buffer): Segment[] {
  const wide = elf[4] === 2;
  const little = elf[5] !== 2;
  const u16 = (at: number): number => (little ? elf.readUInt16LE(at) : elf.readUInt16BE(at));
  const u32 = (at: number): number => (little ? elf.readUInt32LE(at) : elf.readUInt32BE(at));
  const word = (at: number): number => (wide ? Number(little ? elf.readBigUInt64LE(at) : elf.readBigUInt64BE(at)) : u32(at));
  if (elf.length < (wide ? 64 : 52)) return [];
  const phoff = word(wide ? 0x20 : 0x1c);
  const phentsize = u16(wide ? 0x36 : 0x2a);
  const phnum = u16(wide ? 0x38 : 0x2c);
  const segments: Segment[] = [];
  for (let i = 0; i < phnum; i++) {
    const at = phoff + i * phentsize;
    if (at + phentsize > elf.length) break;
    segments.push({ type: u32(at), offset: word(at + (wide ? 0x08 : 0x04)), size: word(at + (wide ? 0x20 : 0x10)), little });
  }
  return segments;
}

/** The PT_INTERP path of an ELF file, or undefined when it has none (or it lies beyond `elf`). */
function elfInterpreter(elf: Buffer, segments: readonly Segment[]): string | undefined {
  const interp = segments.find((s) => s.type === PT_INTERP);
  if (interp === undefined || interp.offset + interp.size > elf.length) return undefined;
  return elf.toString("latin1", interp.offset, interp.offset + interp.size).replace(/\0+$/, "");
}

/** Whether a PT_NOTE segment (within `elf`) holds a note named "Go" of the build-id type. */
function hasGoNote(elf: Buffer, note: Segment): boolean {
  const end = Math.min(elf.length, note.offset + note.size);
  const u32 = (at: number): number => (note.little ? elf.readUInt32LE(at) : elf.readUInt32BE(at));
  for (let at = note.offset; at + 12 <= end;) {
    const [nameSize, descSize, type] = [u32(at), u32(at + 4), u32(at + 8)];
    const name = elf.toString("latin1", at + 12, Math.min(end, at + 12 + nameSize)).replace(/\0+$/, "");
    if (name === "Go" && type === NT_GO_BUILD_ID) return true;
    at += 12 + Math.ceil(nameSize / 4) * 4 + Math.ceil(descSize / 4) * 4;
  }
  return false;
}
