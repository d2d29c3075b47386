/**
 * Whether libfaketime (LD_PRELOAD) can move the clock of a program file on
 * this machine, read from the file alone: it follows `#!` lines (and
 * `env`) to the program that really runs, then reads the ELF file's loader
 * and Go note (`programKind`). A program that is not here cannot be judged:
 * the answer is then "unknown", never "reached".
 */
import { closeSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { basename, delimiter, isAbsolute, join } from "node:path";
import { libcOf, programKind } from "./program-kind.js";

/** The verdict on one program: reached, not reached (and why), or not found here. */
export type FaketimeReach =
  | { readonly reach: "reached" }
  | { readonly reach: "unreached"; readonly program: string; readonly why: string }
  | { readonly reach: "unknown" };

const HEAD_BYTES = 64 * 1024;
const MAX_INTERPRETERS = 4;

/** Judges `program` (a path, or a bare name searched along `pathList`, colon-separated). */
export function faketimeReach(program: string, pathList: string): FaketimeReach {
  let name = program;
  for (let hop = 0; hop < MAX_INTERPRETERS; hop++) {
    const file = findProgram(name, pathList);
    if (file === undefined) return { reach: "unknown" };
    const kind = programKind(readHead(file));
    if (kind.kind === "script") {
      const [interpreter, ...args] = kind.interpreter;
      const next = basename(interpreter ?? "") === "env" ? args.find((a) => !a.startsWith("-")) : interpreter;
      if (next === undefined) return { reach: "unknown" };
      name = next;
      continue;
    }
    if (kind.kind === "other") return { reach: "unknown" };
    if (kind.go) return { reach: "unreached", program: file, why: "a Go program, which reads the clock through the vDSO, never through libc" };
    const libc = libcOf(kind.interpreter);
    if (libc === "static") return { reach: "unreached", program: file, why: "statically linked: it never loads libfaketime" };
    if (libc === "musl") return { reach: "unreached", program: file, why: "linked against musl, for which libfaketime is not built" };
    if (libc === "unknown") return { reach: "unknown" };
    return { reach: "reached" };
  }
  return { reach: "unknown" };
}

function findProgram(name: string, pathList: string): string | undefined {
  const candidates = isAbsolute(name) ? [name] : name.includes("/") ? [] : pathList.split(delimiter).filter(Boolean).map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return realpathSync(candidate);
    } catch {
      // not here: the next directory
    }
  }
  return undefined;
}

function readHead(file: string): Buffer {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    return head.subarray(0, readSync(fd, head, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}
