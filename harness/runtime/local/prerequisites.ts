/**
 * What the local runtime needs from the machine, and how to say what is missing.
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { runCommand } from "../common/run-command.js";

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

/** Looks at this machine. */
export async function localFacts(clock: Clock): Promise<LocalFacts> {
  const [hasIp, hasIptables] = await Promise.all([runs(["ip", "-V"], clock), runs(["iptables", "--version"], clock)]);
  return { isRoot: process.getuid?.() === 0, hasIp, hasIptables };
}

/** Throws "prerequisite.missing" with one line per missing thing, or resolves when all is there. */
export async function checkLocalPrerequisites(clock: Clock): Promise<void> {
  const lines = missingPrerequisites(await localFacts(clock));
  if (lines.length > 0) throw new HarnessError("prerequisite.missing", lines.join("\n"));
}

async function runs(argv: readonly string[], clock: Clock): Promise<boolean> {
  try {
    return (await runCommand(argv, { clock, timeoutMs: 5_000 })).exitCode === 0;
  } catch {
    return false;
  }
}
