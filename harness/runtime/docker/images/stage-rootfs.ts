/**
 * Writes a build context for the classic builder: a Dockerfile plus
 * `rootfs/`, a copy of the host files an image is made of. The copy keeps
 * the host's directory symlinks (Debian's merged /usr: /lib -> usr/lib), so
 * a path reaches the same file inside the image as on the host.
 */
import { chmodSync, copyFileSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { RootfsEntry } from "./collect-inputs.js";

/**
 * Creates a fresh directory holding `Dockerfile` (the template) and
 * `rootfs/` with every entry at its path, and returns the directory. Files
 * are written at their canonical host path (never through a symlink, so
 * nothing outside the stage is touched), and every symlink on the way is
 * recreated as on the host.
 */
export function stageRootfs(entries: readonly RootfsEntry[], template: string): string {
  const stage = mkdtempSync(join(tmpdir(), "fencecheck-image-"));
  writeFileSync(join(stage, "Dockerfile"), template);
  const root = join(stage, "rootfs");
  mkdirSync(root);
  for (const entry of entries) {
    const dest = join(root, placeParent(root, entry.path), basename(entry.path));
    if (exists(dest)) continue;
    if (entry.kind === "dir") {
      mkdirSync(dest, { recursive: true });
      chmodSync(dest, entry.mode);
    } else if (entry.kind === "file") {
      copyFileSync(entry.path, dest);
      chmodSync(dest, entry.mode);
    } else {
      symlinkSync(entry.target, dest);
    }
  }
  return stage;
}

/**
 * Creates the parent directories of `path` in the stage, recreating each
 * host symlink met on the way (and the links it leads through), and
 * returns the canonical host parent directory.
 */
function placeParent(root: string, path: string): string {
  let current = "/";
  for (const part of dirname(path).split("/").filter(Boolean)) {
    const next = join(current, part);
    if (isHostLink(next)) {
      stageLink(root, next);
      current = hostRealpath(next);
    } else {
      current = next;
    }
  }
  mkdirSync(join(root, current), { recursive: true });
  return current;
}

/** Recreates the host symlink `link` in the stage, then the next hop if it is a link too. */
function stageLink(root: string, link: string): void {
  const parent = placeParent(root, link);
  const dest = join(root, parent, basename(link));
  const target = readlinkSync(link);
  if (!exists(dest)) symlinkSync(target, dest);
  const hop = resolve(parent, target);
  if (isHostLink(hop)) stageLink(root, hop);
  else mkdirSync(join(root, hostRealpath(hop)), { recursive: true });
}

function isHostLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function hostRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
