/**
 * Resolves an image spec into the host files it is made of: binaries with
 * their symlink hops, whole trees, and every library `ldd` lists.
 */
import { closeSync, lstatSync, openSync, readdirSync, readlinkSync, readSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { HarnessError } from "../../../../core/index.js";
import type { Clock } from "../../../../core/index.js";
import { runCommand } from "../../common/run-command.js";
import type { ImageSpec } from "./image-specs.js";
import { lddLibraries } from "./ldd-libraries.js";

/** One path of the image's root file system. */
export type RootfsEntry =
  | { readonly kind: "file"; readonly path: string; readonly mode: number; readonly size: number; readonly mtimeMs: number }
  | { readonly kind: "link"; readonly path: string; readonly target: string }
  | { readonly kind: "dir"; readonly path: string; readonly mode: number };

/** What a spec resolved to on this host. */
export interface CollectedInputs {
  /** Sorted by path; files are copied from the same path on the host. */
  readonly entries: readonly RootfsEntry[];
  /** Host paths the spec names that do not exist here. */
  readonly missing: readonly string[];
}

interface Walk {
  readonly entries: Map<string, RootfsEntry>;
  readonly elves: string[];
  readonly missing: string[];
}

/**
 * Walks the spec's paths on the host. Throws "prerequisite.missing" when
 * `ldd` cannot find a library an ELF file needs.
 */
export async function collectInputs(spec: ImageSpec, clock: Clock): Promise<CollectedInputs> {
  const walk: Walk = { entries: new Map(), elves: [], missing: [] };
  for (const path of [...spec.binaries, ...(spec.trees ?? []), ...(spec.plainFiles ?? [])]) addPath(walk, path);
  const plain = new Set(spec.plainFiles ?? []);
  const done = new Set<string>();
  while (walk.elves.length > 0) {
    const batch = walk.elves.splice(0).filter((elf) => !done.has(elf) && !plain.has(elf));
    for (const elf of batch) done.add(elf);
    const outputs = await Promise.all(batch.map((elf) => runCommand(["ldd", elf], { clock, timeoutMs: 10_000 })));
    outputs.forEach((out, i) => {
      const parsed = lddLibraries(out.stdout);
      if (parsed.missing.length > 0 && isExecutable(walk, batch[i] as string)) {
        throw new HarnessError("prerequisite.missing", `Cannot build image "${spec.name}": "${batch[i]}" needs libraries ldd cannot find: ${parsed.missing.join(", ")}`);
      }
      for (const lib of parsed.libraries) addPath(walk, lib);
    });
  }
  for (const [path, mode] of Object.entries(spec.dirs ?? {})) walk.entries.set(path, { kind: "dir", path, mode });
  for (const [path, target] of Object.entries(spec.links ?? {})) walk.entries.set(path, { kind: "link", path, target });
  const entries = [...walk.entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { entries, missing: walk.missing };
}

/**
 * Records `path`; follows a symlink one hop at a time and a directory
 * recursively. Only a path the spec names itself (`required`) counts as
 * missing: a dangling link inside a tree is copied as it is.
 */
function addPath(walk: Walk, path: string, required = true): void {
  if (walk.entries.has(path)) return;
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    if (required) walk.missing.push(path);
    return;
  }
  if (stat.isSymbolicLink()) {
    const target = readlinkSync(path);
    walk.entries.set(path, { kind: "link", path, target });
    const hop = resolve(dirname(path), target);
    if (hop.split("/").length > 2) addPath(walk, hop, false);
  } else if (stat.isDirectory()) {
    walk.entries.set(path, { kind: "dir", path, mode: stat.mode & 0o7777 });
    for (const child of readdirSync(path)) addPath(walk, join(path, child), false);
  } else if (stat.isFile()) {
    walk.entries.set(path, { kind: "file", path, mode: stat.mode & 0o7777, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) });
    if (isElf(path)) walk.elves.push(path);
  }
}

/** A shared object missing a dependency is often an optional plugin; an executable is not. */
function isExecutable(walk: Walk, path: string): boolean {
  const entry = walk.entries.get(path);
  return entry?.kind === "file" && (entry.mode & 0o111) !== 0 && !/\.so(\.|$)/.test(path);
}

function isElf(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const magic = Buffer.alloc(4);
    return readSync(fd, magic, 0, 4, 0) === 4 && magic.toString("latin1") === "\x7fELF";
  } finally {
    closeSync(fd);
  }
}
