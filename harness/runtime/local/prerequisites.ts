/**
 * What the local runtime needs from the machine, and how to say what is missing.
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { accessSync, constants, statSync } from "node:fs";
import { join } from "node:path";

/** The facts the prerequisite check looks at. */
export interface LocalFacts {
  readonly isRoot: boolean;
  readonly hasIp: boolean;
  readonly hasIptables: boolean;
}

/** One line per missing prerequisite, most important first (pure). */
export function missingPrerequisites(facts: LocalFacts): string[] {
  const lines: string[] = [];
  if (!facts.isRoot) lines.push("Cannot use the local runtime: it needs root (run as root or with sudo)");
  if (!facts.hasIp) lines.push('Cannot use the local runtime: "ip" is missing (install the Debian package "iproute2")');
  if (!facts.hasIptables) {
    lines.push('Cannot use the local runtime: "iptables" is missing (install the Debian package "iptables")');
  }
  return lines;
}

/**
 * Looks at this machine: the tools are looked up on PATH, as the shell
 * would, without running them (two processes less before a run's first
 * node; a tool that is there but broken fails the run's first use of it,
 * with its own message).
 */
export async function localFacts(_clock: Clock, path = process.env.PATH ?? ""): Promise<LocalFacts> {
  return { isRoot: process.getuid?.() === 0, hasIp: onPath("ip", path), hasIptables: onPath("iptables", path) };
}

/** Whether an executable file named `name` is in one of `path`'s folders (":"-separated; an empty entry is the working folder). */
export function onPath(name: string, path: string): boolean {
  return path.split(":").some((dir) => {
    try {
      const file = join(dir === "" ? "." : dir, name);
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** Throws "prerequisite.missing" with one line per missing thing, or resolves when all is there. */
export async function checkLocalPrerequisites(clock: Clock): Promise<void> {
  const lines = missingPrerequisites(await localFacts(clock));
  if (lines.length > 0) throw new HarnessError("prerequisite.missing", lines.join("\n"));
}
