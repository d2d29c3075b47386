import { closeSync, openSync, readSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { libcOf, programKind } from "./program-kind.js";

/** The first 64 KiB of a host file, as much as the check reads of a program. */
function head(path: string): Buffer {
  const fd = openSync(path, "r");
  const buf = Buffer.alloc(64 * 1024);
  const read = readSync(fd, buf, 0, buf.length, 0);
  closeSync(fd);
  return buf.subarray(0, read);
}

/** A minimal 64-bit little-endian ELF header with one program header: PT_INTERP naming `interp`, or PT_LOAD when undefined. */
function elf64(interp: string | undefined): Buffer {
  const buf = Buffer.alloc(0x40 + 0x38 + 64);
  buf.write("\x7fELF", 0, "latin1");
  buf[4] = 2; // 64-bit
  buf[5] = 1; // little-endian
  buf.writeBigUInt64LE(0x40n, 0x20); // e_phoff
  buf.writeUInt16LE(0x38, 0x36); // e_phentsize
  buf.writeUInt16LE(1, 0x38); // e_phnum
  buf.writeUInt32LE(interp === undefined ? 1 : 3, 0x40); // p_type
  const at = 0x40 + 0x38;
  buf.writeBigUInt64LE(BigInt(at), 0x40 + 0x08); // p_offset
  buf.writeBigUInt64LE(BigInt((interp ?? "").length + 1), 0x40 + 0x20); // p_filesz
  buf.write(`${interp ?? ""}\0`, at, "latin1");
  return buf;
}

describe("telling whether libfaketime can reach a program", () => {
  it("finds glibc's loader in a dynamically linked host binary", () => {
    const kind = programKind(head("/usr/bin/node"));
    expect(kind).toEqual({ kind: "elf", interpreter: "/lib64/ld-linux-x86-64.so.2", go: false });
    expect(libcOf("/lib64/ld-linux-x86-64.so.2")).toBe("glibc");
  });

  it("finds no loader in a statically linked host binary (busybox-static)", () => {
    const kind = programKind(head("/bin/busybox"));
    expect(kind).toEqual({ kind: "elf", interpreter: undefined, go: false });
    expect(libcOf(undefined)).toBe("static");
  });

  it("tells musl's loader from glibc's", () => {
    expect(programKind(elf64("/lib/ld-musl-x86_64.so.1"))).toEqual({ kind: "elf", interpreter: "/lib/ld-musl-x86_64.so.1", go: false });
    expect(libcOf("/lib/ld-musl-x86_64.so.1")).toBe("musl");
    expect(libcOf("/lib/ld-linux-aarch64.so.1")).toBe("glibc");
    expect(libcOf("/system/bin/linker64")).toBe("unknown");
  });

  it("reads no loader from an ELF file whose only program header is not PT_INTERP", () => {
    expect(programKind(elf64(undefined))).toEqual({ kind: "elf", interpreter: undefined, go: false });
  });

  it("tells a Go program, which reads the clock through the vDSO, by its linker's build-id note (Debian's etcd)", () => {
    expect(programKind(head("/usr/bin/etcd"))).toMatchObject({ kind: "elf", go: true });
    expect(programKind(head("/usr/bin/redis-server"))).toMatchObject({ kind: "elf", go: false });
  });

  it("reads a script's interpreter from its #! line", () => {
    expect(programKind(Buffer.from("#!/usr/bin/env node\nconsole.log(1)\n"))).toEqual({ kind: "script", interpreter: ["/usr/bin/env", "node"] });
    expect(programKind(Buffer.from("plain text"))).toEqual({ kind: "other" });
  });
});

