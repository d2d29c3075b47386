/**
 * What a host must have that fencecheck does not bring: checked in one
 * command per host, one line per missing thing with how to install it.
 */
import type { Clock } from "../../../core/index.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** A program a host needs, and the Debian package that installs it. */
export interface Requirement {
  /** A command name (looked up in PATH) or an absolute path. */
  readonly program: string;
  readonly install: string;
}

/** What every host needs for the ssh runtime's faults. */
export const BASE_REQUIREMENTS: readonly Requirement[] = [
  { program: "iptables-restore", install: "apt-get install iptables" },
  { program: "iptables", install: "apt-get install iptables" },
  { program: "bash", install: "apt-get install bash" },
  { program: "tar", install: "apt-get install tar" },
  { program: "gzip", install: "apt-get install gzip" },
  { program: "timeout", install: "apt-get install coreutils" },
];

/** The Debian package of a lock service's binary, for the message. */
const PACKAGES: Readonly<Record<string, string>> = {
  "/usr/bin/etcd": "etcd-server",
  "/usr/bin/redis-server": "redis-server",
  "/usr/bin/java": "zookeeper",
};

/** The requirement for a service binary at `path`. Pure. */
export function binaryRequirement(path: string): Requirement {
  const pkg = PACKAGES[path] ?? (path.includes("/postgresql/") ? "postgresql" : undefined);
  return { program: path, install: pkg === undefined ? `install "${path}"` : `apt-get install ${pkg}` };
}

/** The lines naming what the host lacks (none when it has everything); `arch` is the machine `uname -m` must print. */
export async function missingOn(host: SshHost, requirements: readonly Requirement[], arch: string, clock: Clock): Promise<string[]> {
  const tests = requirements.map((r) =>
    r.program.startsWith("/") ? `[ -x ${shellWord(r.program)} ] || echo ${shellWord(r.program)}` : `command -v ${shellWord(r.program)} >/dev/null 2>&1 || echo ${shellWord(r.program)}`);
  const result = await runRemote(host, `echo "arch $(uname -m)"; ${tests.join("; ")}`, { clock });
  const lines = result.stdout.trim().split("\n").filter(Boolean);
  const name = host.target.host;
  const problems: string[] = [];
  const hostArch = lines.find((l) => l.startsWith("arch "))?.slice(5);
  if (hostArch !== arch) problems.push(`host "${name}": its machine is "${hostArch ?? "unknown"}", and this machine's Node binary is for "${arch}"`);
  for (const missing of lines.filter((l) => !l.startsWith("arch "))) {
    const requirement = requirements.find((r) => r.program === missing);
    problems.push(`host "${name}": "${missing}" is missing (${requirement?.install ?? "install it"})`);
  }
  return problems;
}

/** `uname -m` for this process's architecture. Pure. */
export function unameMachine(arch: string): string {
  return ({ x64: "x86_64", arm64: "aarch64", arm: "armv7l" } as Record<string, string>)[arch] ?? arch;
}
