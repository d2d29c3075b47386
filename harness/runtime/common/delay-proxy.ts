/**
 * A userspace TCP proxy that delays traffic (the kernels we run on have no
 * netem). It listens on one address, connects each accepted connection to
 * the target, and forwards every chunk in both directions after `delayMs`
 * plus a seeded uniform jitter of 0..`jitterMs`, never reordering a
 * direction's chunks. The local runtime starts it inside a node's namespace
 * and redirects other nodes' connections to it with iptables nat.
 *
 * The heal (SIGUSR2, `drainProxy`): the redirect is gone, so new connections
 * go straight to the service; the proxy stops listening, forwards what the
 * connections it carries still send without delay (after what it already
 * holds, in order), and exits once the last of them has closed. A
 * connection made during the delay thus outlives its heal, unreset
 * (killing the proxy reset every one of them: ECONNRESET for etcd's and
 * PostgreSQL's clients).
 *
 * Program usage:
 *   node delay-proxy.js --listen HOST:PORT --target HOST:PORT --delay-ms N --jitter-ms N --seed N
 */
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { pathToFileURL } from "node:url";
import { createRng, createSystemClock, type Clock, type Rng } from "../../../core/index.js";
import { DRAIN_SIGNAL } from "./delay-proxy-program.js";

/** Where the proxy listens and forwards, and how much it delays. */
export interface DelayProxyOptions {
  readonly listenHost: string;
  readonly listenPort: number;
  readonly targetHost: string;
  readonly targetPort: number;
  readonly delayMs: number;
  readonly jitterMs: number;
  readonly seed: number;
}

/**
 * When a chunk that arrives at `nowMs` may leave: `delayMs` plus jitter
 * later, but never before the chunk ahead of it (`previousMs`). Pure.
 */
export function releaseAt(previousMs: number, nowMs: number, opts: { delayMs: number; jitterMs: number }, rng: Rng): number {
  const jitter = opts.jitterMs > 0 ? rng.next() * opts.jitterMs : 0;
  return Math.max(previousMs, nowMs + opts.delayMs + jitter);
}

/** The delay the proxy applies now: the options' until the heal, none after. */
interface Timing {
  delayMs: number;
  jitterMs: number;
}

/** A running proxy: its server, and the heal that drains it. */
export interface DelayProxy {
  readonly server: Server;
  /** Stops listening and delaying; the connections it carries go on until they close. Resolves once the last has. */
  drain(): Promise<void>;
}

/** Starts the proxy; resolves once it listens. */
export function startDelayProxy(opts: DelayProxyOptions, clock: Clock = createSystemClock()): Promise<DelayProxy> {
  const rng = createRng(opts.seed);
  const timing: Timing = { delayMs: opts.delayMs, jitterMs: opts.jitterMs };
  // Half-open sockets: a FIN is passed on only after the data ahead of it.
  const server = createServer({ allowHalfOpen: true }, (inbound) => {
    const outbound = createConnection({ host: opts.targetHost, port: opts.targetPort, allowHalfOpen: true });
    pipeDelayed(inbound, outbound, timing, { rng, clock });
    pipeDelayed(outbound, inbound, timing, { rng, clock });
    const reset = (): void => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on("error", reset);
    outbound.on("error", reset);
  });
  const drain = (): Promise<void> => {
    timing.delayMs = 0;
    timing.jitterMs = 0;
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.listenPort, opts.listenHost, () => resolve({ server, drain }));
  });
}

/**
 * Forwards `from` to `to` with the delay. Every chunk and the final FIN go
 * through one promise chain, so they leave in the order they came even when
 * two timers would expire in the same millisecond.
 */
function pipeDelayed(from: Socket, to: Socket, timing: Timing, deps: { rng: Rng; clock: Clock }): void {
  let last = 0;
  let chain = Promise.resolve();
  const nowMs = (): number => deps.clock.nowNs() / 1e6;
  const until = (at: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - nowMs())));
  from.on("data", (chunk: Buffer) => {
    const at = releaseAt(last, nowMs(), timing, deps.rng);
    last = at;
    chain = chain.then(() => until(at)).then(() => {
      if (!to.destroyed) to.write(chunk);
    });
  });
  from.on("end", () => {
    const at = last;
    chain = chain.then(() => until(at)).then(() => {
      if (!to.destroyed) to.end();
    });
  });
}

/** Parses the program's flags; throws naming the bad one. */
export function parseProxyArgs(args: readonly string[]): DelayProxyOptions {
  const flag = (name: string): string => {
    const i = args.indexOf(`--${name}`);
    const value = i >= 0 ? args[i + 1] : undefined;
    if (value === undefined) throw new Error(`Cannot start the delay proxy: --${name} is missing`);
    return value;
  };
  const [listenHost, listenPort] = hostPort(flag("listen"));
  const [targetHost, targetPort] = hostPort(flag("target"));
  return {
    listenHost, listenPort, targetHost, targetPort,
    delayMs: Number(flag("delay-ms")),
    jitterMs: Number(flag("jitter-ms")),
    seed: Number(flag("seed")),
  };
}

function hostPort(raw: string): [string, number] {
  const at = raw.lastIndexOf(":");
  return [raw.slice(0, at), Number(raw.slice(at + 1))];
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  return script !== undefined && import.meta.url === pathToFileURL(script).href;
}

if (isEntryPoint()) {
  const opts = parseProxyArgs(process.argv.slice(2));
  startDelayProxy(opts).then(
    (proxy) => {
      process.stderr.write(`delay proxy ${opts.listenHost}:${opts.listenPort} -> ${opts.targetHost}:${opts.targetPort} (+${opts.delayMs} ms ±${opts.jitterMs})\n`);
      process.once(DRAIN_SIGNAL, () => {
        process.stderr.write("healed: no longer listening or delaying; exiting once the connections carried close\n");
        void proxy.drain().then(() => process.exit(0));
      });
    },
    (error: unknown) => {
      process.stderr.write(`Cannot start the delay proxy: ${String(error)}\n`);
      process.exit(1);
    },
  );
}
