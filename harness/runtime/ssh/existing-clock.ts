/**
 * Clock faults on an existing service: possible only when its own start
 * command ran it under libfaketime with a skew file (`LD_PRELOAD` naming
 * libfaketime and `FAKETIME_TIMESTAMP_FILE` in its environment, and
 * `FAKETIME_NO_CACHE=1` so a change is read at once). fencecheck then
 * writes the skew into that file; otherwise a run that may skew a lock node
 * is refused with one line (exit 254) before any fault.
 *
 * libfaketime's clock is `S + offset + (t - S) * rate` with `S` the
 * process's start (common/faketime.ts): the file's offset is chosen for the
 * service's start, read from the host (`ps -o etimes`, whole seconds), so a
 * rate other than 1 is off by up to (1 - rate) s.
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock, ClockReading, ClockSkew, NodeId } from "../../../core/index.js";
import { faketimeSpec, processSkew } from "../common/faketime.js";
import { faketimeCheckScript, type ExistingHost } from "./existing-scripts.js";
import type { RemoteResult } from "./remote-command.js";
import { shellWord } from "./remote-command.js";

/** What the clocks need from the steering. */
export interface ExistingClockParts {
  readonly pidsOn: (host: ExistingHost) => Promise<number[]>;
  readonly run: (host: ExistingHost, script: string) => Promise<RemoteResult>;
  readonly clock: Clock;
}

/** The lock nodes' clocks. */
export interface ExistingClocks {
  set(node: NodeId, skew: ClockSkew): Promise<void>;
  read(node: NodeId): Promise<ClockReading>;
}

/** One service's libfaketime, as its environment shows it. */
interface Faked {
  readonly host: ExistingHost;
  readonly library: string;
  readonly file: string;
  /** Real wall time (ms, this machine's clock) the service started. */
  readonly startedAtMs: number;
  skew: ClockSkew;
}

/** Checks each host's service runs under libfaketime (throws "nemesis.unsupported-fault", exit 254, naming the first that does not). */
export async function createExistingClocks(hosts: readonly ExistingHost[], parts: ExistingClockParts): Promise<ExistingClocks> {
  const faked = new Map<NodeId, Faked>();
  for (const host of hosts) faked.set(host.node, await inspect(host, parts));
  const get = (node: NodeId): Faked => {
    const found = faked.get(node);
    if (found === undefined) throw new HarnessError("nemesis.unsupported-fault", `Cannot skew the clock of lock node "${node}": the run did not plan clock faults on it`);
    return found;
  };
  return {
    async set(node, skew) {
      const f = get(node);
      const spec = faketimeSpec(processSkew({ skew, setAtMs: parts.clock.wallMs() }, f.startedAtMs));
      const result = await parts.run(f.host, `printf '%s\\n' ${shellWord(spec)} > ${shellWord(`${f.file}.tmp`)} && mv ${shellWord(`${f.file}.tmp`)} ${shellWord(f.file)}`);
      if (result.exitCode !== 0) throw new HarnessError("nemesis.fault-not-applied", `Cannot write the skew file "${f.file}" of the existing service on host "${f.host.address}": ${result.stderr.trim()}`);
      f.skew = skew;
    },
    async read(node) {
      const f = get(node);
      const before = parts.clock.wallMs();
      const env = `LD_PRELOAD=${shellWord(f.library)} FAKETIME_TIMESTAMP_FILE=${shellWord(f.file)} FAKETIME_NO_CACHE=1`;
      const result = await parts.run(f.host, `env ${env} date +%s%3N`);
      const at = (before + parts.clock.wallMs()) / 2;
      if (result.exitCode !== 0 || !/^\d+$/.test(result.stdout.trim())) {
        throw new HarnessError("nemesis.fault-not-applied", `Cannot read the clock of lock node "${node}": date said "${result.stderr.trim() || result.stdout.trim()}"`);
      }
      // `date` started now reads t + o; the service, started at S, reads that plus (t - S)(rate - 1).
      const offsetMs = Number(result.stdout.trim()) - at + (at - f.startedAtMs) * (f.skew.rate - 1);
      return { node, offsetMs: Math.round(offsetMs) };
    },
  };
}

async function inspect(host: ExistingHost, parts: ExistingClockParts): Promise<Faked> {
  const refuse = (why: string): never => {
    throw new HarnessError("nemesis.unsupported-fault",
      `Cannot run clock faults on lock node "${host.node}": the existing service on host "${host.address}" ${why}; its own start command must run it under libfaketime (LD_PRELOAD, FAKETIME_TIMESTAMP_FILE, FAKETIME_NO_CACHE=1), or skew the others with --fault-opt clock.nodes=client,storage`);
  };
  const pids = await parts.pidsOn(host);
  const checked = await parts.run(host, faketimeCheckScript(pids));
  const no = /^faketime no (\d+)/m.exec(checked.stdout);
  if (no) refuse(`was not started under libfaketime (PID ${no[1]} has no LD_PRELOAD of libfaketime)`);
  const pid = pids[0] as number;
  const read = await parts.run(host, `tr '\\0' '\\n' < /proc/${pid}/environ; echo "etimes $(ps -o etimes= -p ${pid})"`);
  const value = (name: string): string | undefined => new RegExp(`^${name}=(.*)$`, "m").exec(read.stdout)?.[1];
  const library = value("LD_PRELOAD")?.split(/[: ]/).find((l) => l.includes("libfaketime"));
  const file = value("FAKETIME_TIMESTAMP_FILE");
  const etimes = Number(/^etimes\s+(\d+)/m.exec(read.stdout)?.[1] ?? NaN);
  if (library === undefined || file === undefined || file === "") return refuse(`has no FAKETIME_TIMESTAMP_FILE in its environment (PID ${pid})`);
  if (!Number.isFinite(etimes)) return refuse(`did not say how long it has run (ps -o etimes -p ${pid})`);
  return { host, library, file, startedAtMs: parts.clock.wallMs() - etimes * 1000, skew: { offsetMs: 0, rate: 1 } };
}
