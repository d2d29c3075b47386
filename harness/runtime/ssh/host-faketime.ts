/**
 * Which libfaketime a host's processes load, decided per host from its own
 * architecture (`uname -m`): the copy deployed with the bundle when the host
 * has this machine's architecture, else the host's own (Debian's package,
 * in the folder of the host's multiarch triplet); with neither, clock faults
 * cannot reach that host's processes, and a run that would skew them is
 * refused up front with one line naming the host.
 */
import type { Clock } from "../../../core/index.js";
import { runRemote } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** The libfaketime a host's processes load, or why there is none. */
export type HostFaketime =
  | { readonly library: string; readonly source: "bundle" | "host" }
  | { readonly library: undefined; readonly reason: string };

/** Debian's multiarch triplet for a `uname -m`; undefined for one it has none for here. Pure. */
export function tripletOf(machine: string): string | undefined {
  return ({
    x86_64: "x86_64-linux-gnu", aarch64: "aarch64-linux-gnu", arm64: "aarch64-linux-gnu", armv7l: "arm-linux-gnueabihf",
    i686: "i386-linux-gnu", i386: "i386-linux-gnu", ppc64le: "powerpc64le-linux-gnu", s390x: "s390x-linux-gnu", riscv64: "riscv64-linux-gnu",
  } as Record<string, string>)[machine];
}

/** Where a host of `machine` may keep libfaketime, best first (Debian's folder, then a build's). Pure. */
export function faketimeCandidates(machine: string): string[] {
  const triplet = tripletOf(machine);
  return [...(triplet ? [`/usr/lib/${triplet}/faketime/libfaketime.so.1`] : []), "/usr/local/lib/faketime/libfaketime.so.1", "/usr/lib/faketime/libfaketime.so.1"];
}

/** What the decision is made from. */
export interface FaketimeFacts {
  /** The host's name as the user gave it. */
  readonly host: string;
  /** The host's `uname -m`. */
  readonly machine: string;
  /** This machine's `uname -m`. */
  readonly controlMachine: string;
  /** The deployed copy's path on the host, when the bundle carries one (this machine has libfaketime). */
  readonly bundled: string | undefined;
  /** The libfaketime files present on the host (any of `faketimeCandidates`, in any order). */
  readonly present: readonly string[];
}

/**
 * The library for one host: the bundle's when the host runs this machine's
 * architecture (the same build as here); else the host's own, found in its
 * architecture's folder; else none, with the reason in one line. Pure.
 */
export function chooseFaketime(facts: FaketimeFacts): HostFaketime {
  if (facts.machine === facts.controlMachine && facts.bundled !== undefined) return { library: facts.bundled, source: "bundle" };
  const own = faketimeCandidates(facts.machine).find((path) => facts.present.includes(path));
  if (own !== undefined) return { library: own, source: "host" };
  const ours = facts.machine === facts.controlMachine ? "this machine has none to deploy (apt-get install libfaketime here)" : `this machine's is for ${facts.controlMachine}`;
  return { library: undefined, reason: `host "${facts.host}" (${facts.machine}) has no libfaketime for its architecture and ${ours}: install it there (apt-get install libfaketime)` };
}

/** Reads `uname -m` and which candidate libraries exist on `host`, in one command. */
export async function probeHostFaketime(host: SshHost, opts: { readonly controlMachine: string; readonly bundled: string | undefined; readonly clock: Clock }): Promise<HostFaketime> {
  const script = 'm=$(uname -m); echo "machine $m"; for f in /usr/lib/*/faketime/libfaketime.so.1 /usr/local/lib/faketime/libfaketime.so.1 /usr/lib/faketime/libfaketime.so.1; do [ -f "$f" ] && echo "lib $f"; done; true';
  const result = await runRemote(host, script, { clock: opts.clock });
  const lines = result.stdout.split("\n");
  const machine = lines.find((l) => l.startsWith("machine "))?.slice("machine ".length).trim() ?? "unknown";
  const present = lines.filter((l) => l.startsWith("lib ")).map((l) => l.slice("lib ".length).trim());
  return chooseFaketime({ host: host.target.host, machine, controlMachine: opts.controlMachine, bundled: opts.bundled, present });
}

/**
 * The one line refusing clock faults on `nodes` (the nodes a run may skew)
 * when a host of one of them has no libfaketime; undefined when every one
 * can be faked. Pure.
 */
export function clockRefusal(nodes: readonly { readonly id: string; readonly faketime: HostFaketime }[]): string | undefined {
  const first = nodes.find((n) => n.faketime.library === undefined);
  if (first === undefined || first.faketime.library !== undefined) return undefined;
  return `Cannot fake the clock of node "${first.id}": ${first.faketime.reason}`;
}
