/**
 * How a host's clocks relate to this machine's, measured over SSH: a
 * program on the host answers each line with its wall clock (ms) and
 * CLOCK_MONOTONIC (ns); of several round trips the shortest is taken and
 * the host's reading is placed at its midpoint. The monotonic offset keeps
 * the host's records on this machine's monotonic clock (the history's);
 * the wall offset is the host's own clock error, which clock faults add to.
 */
import { HarnessError } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** A host's clocks minus this machine's. */
export interface HostTime {
  /** Host CLOCK_MONOTONIC minus this machine's, ns. */
  readonly monotonicOffsetNs: bigint;
  /** Host wall clock minus this machine's, ms. */
  readonly wallOffsetMs: number;
  /** The round trip of the sample used, ms: the offsets' error is at most half of it. */
  readonly roundTripMs: number;
}

/** Answers every line on stdin with "<wall ms> <monotonic ns>". */
export const TIME_PROGRAM = "process.stdin.setEncoding('utf8').on('data',()=>process.stdout.write(new Date().getTime()+' '+process.hrtime.bigint()+'\\n'))";

const ROUND_TRIPS = 7;

/** One sample: local monotonic before and after, the local wall at send, and the host's answer. Pure. */
export interface TimeSample {
  readonly sentNs: bigint;
  readonly receivedNs: bigint;
  readonly sentWallMs: number;
  readonly hostWallMs: number;
  readonly hostMonotonicNs: bigint;
}

/** The offsets from the sample with the shortest round trip. Pure. */
export function offsetsFrom(samples: readonly TimeSample[]): HostTime {
  const best = [...samples].sort((a, b) => Number(a.receivedNs - a.sentNs - (b.receivedNs - b.sentNs)))[0];
  if (best === undefined) throw new RangeError("Cannot estimate clock offsets from no samples");
  const halfNs = (best.receivedNs - best.sentNs) / 2n;
  return {
    monotonicOffsetNs: best.hostMonotonicNs - (best.sentNs + halfNs),
    wallOffsetMs: best.hostWallMs - (best.sentWallMs + Number(halfNs) / 1e6),
    roundTripMs: Number(best.receivedNs - best.sentNs) / 1e6,
  };
}

/** How long the host's Node may take to start and answer first. */
const FIRST_ANSWER_MS = 20_000;

/** Measures the host's offsets with the deployed Node binary `nodeBinary`. */
export async function measureHostTime(host: SshHost, nodeBinary: string, clock: Clock): Promise<HostTime> {
  const channel = await host.open(`exec ${shellWord(nodeBinary)} -e ${shellWord(TIME_PROGRAM)}`);
  channel.setEncoding("utf8");
  const samples: TimeSample[] = [];
  try {
    let buffer = "";
    let waiting: ((line: string) => void) | undefined;
    channel.on("data", (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf("\n");
      if (newline >= 0 && waiting) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        waiting(line);
      }
    });
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const answer = new Promise<string>((resolve) => (waiting = resolve));
      const sentWallMs = clock.wallMs();
      const sentNs = process.hrtime.bigint();
      channel.write("t\n");
      // The first answer waits for Node to start on the host: seconds on a loaded one.
      const line = await Promise.race([answer, clock.sleep(i === 0 ? FIRST_ANSWER_MS : 5_000).then(() => "")]);
      const receivedNs = process.hrtime.bigint();
      const [wall, mono] = line.split(" ");
      if (wall === undefined || mono === undefined || !/^\d+$/.test(mono)) {
        throw new HarnessError("runtime.command-failed", `Cannot read the clocks of host "${host.target.host}": its Node did not answer`);
      }
      samples.push({ sentNs, receivedNs, sentWallMs, hostWallMs: Number(wall), hostMonotonicNs: BigInt(mono) });
    }
  } finally {
    channel.end();
    channel.close();
  }
  return offsetsFrom(samples);
}
