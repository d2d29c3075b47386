/**
 * `node dist/scripts/synth-run.js <dir> <ops> [--invalid]`: writes a run
 * folder as a long `fencecheck run` of the lock-write workload would leave
 * it (config.json, history.jsonl, storage.jsonl, nemesis.jsonl), with `ops`
 * client ops, for checking large histories without waiting an hour
 * (`scripts/bench-check-memory.ts`). The history is a small discrete-event
 * simulation: 10 clients on 10 resources (each client picks its resource in
 * turn, so they contend), a lock service granting one lease per resource at a
 * time with tokens growing per resource, fenced storage, every op an invoke
 * then its completion at a later time, ops interleaved in time order as the
 * harness records them; a pause of the holder every few thousand ops (as
 * pause-holder, healed). Valid by construction; `--invalid` makes one write
 * of the last tenth be accepted by storage with a stale token (a fencing
 * violation the checkers must find). Seeded, so the same arguments give the
 * same bytes.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";

const CLIENTS = 10;
const RESOURCES = 10;

interface Client {
  readonly p: number;
  step: "acquire" | "read" | "write" | "release";
  resource: string;
  token: number;
  writes: number;
  /** When this client's next event happens: its completion when `pending`, else its next invoke. */
  at: number;
  pending: boolean;
}

/** A small seeded rng (mulberry32), so runs are reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Buffered line writer over a file descriptor. */
function lineWriter(path: string): { line: (o: unknown) => void; close: () => void } {
  const fd = openSync(path, "w");
  let buf: string[] = [];
  let size = 0;
  const flush = (): void => {
    writeSync(fd, buf.join(""));
    buf = [];
    size = 0;
  };
  return {
    line: (o) => {
      const s = `${JSON.stringify(o)}\n`;
      buf.push(s);
      size += s.length;
      if (size > 1 << 22) flush();
    },
    close: () => {
      flush();
      closeSync(fd);
    },
  };
}

function config(dir: string): unknown {
  return {
    name: "reference-fenced-synth", seed: 1, runtime: "local",
    lock: { adapter: "reference", nodes: 1, lease: { ends: "ttl", timedFrom: "grant" } },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: CLIENTS, resources: RESOURCES, ttlMs: 2000, holdMs: 0, hold: [{ minMs: 0, maxMs: 0, weight: 1 }], acquireTimeoutMs: 3000 },
    nemesis: { faults: ["pause-holder"], intervalMs: 3000, options: {} },
    timeLimitMs: 3600000, opTimeoutMs: 10000, storeDir: dir, command: "synth-run",
  };
}

/** Writes the run folder; returns the ops written. */
export function synthRun(dir: string, target: number, invalid: boolean): number {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "config.json"), `${JSON.stringify(config(dir), null, 2)}\n`);
  writeFileSync(join(dir, "nemesis.jsonl"), "");
  const history = lineWriter(join(dir, "history.jsonl"));
  const storage = lineWriter(join(dir, "storage.jsonl"));
  const random = rng(1);
  const holder = new Map<string, number>();
  const tokens = new Map<string, number>();
  const stored = new Map<string, { value: string | null; token: number | null }>();
  const clients: Client[] = Array.from({ length: CLIENTS }, (_, p) => ({ p, step: "acquire", resource: `r${p % RESOURCES}`, token: 0, writes: 0, at: 1e9 + p * 1e5, pending: false }));
  let index = 0;
  let now = 1e9;
  let staleAt = invalid ? Math.floor(target * 0.9) : -1;
  const emit = (o: Record<string, unknown>): void => history.line({ index: index++, time: Math.round(now), ...o });
  while (index < target) {
    const c = clients.reduce((a, b) => (b.at < a.at ? b : a));
    now = c.at;
    const node = `c${c.p + 1}`;
    const resource = c.resource;
    if (index % 5000 === 4999 && c.step === "read" && !c.pending) {
      const value = { nodes: [node], durationMs: 100, reason: "holder", process: c.p, resource, token: String(c.token) };
      emit({ process: "nemesis", type: "invoke", f: "pause", value });
      emit({ process: "nemesis", f: "pause", type: "info", value });
      emit({ process: "nemesis", type: "invoke", f: "resume", value: { nodes: [node] } });
      emit({ process: "nemesis", f: "resume", type: "info", value: { nodes: [node] } });
    }
    if (c.pending) {
      finish(c, node);
      c.pending = false;
      c.at = now + random() * 2e5;
      continue;
    }
    const invokeValue = c.step === "write" ? { resource, value: `p${c.p}-${c.writes}`, holdMs: 0 } : { resource };
    emit({ process: c.p, type: "invoke", f: c.step, value: invokeValue, node });
    c.pending = true;
    c.at = now + 2e5 + random() * 3e6;
  }
  for (const c of clients.filter((x) => x.pending).sort((a, b) => a.at - b.at)) {
    now = c.at;
    finish(c, `c${c.p + 1}`);
  }
  for (let r = 0; r < RESOURCES; r++) {
    const resource = `r${r}`;
    const s = stored.get(resource);
    const node = `c${(r % CLIENTS) + 1}`;
    now += 1e6;
    emit({ process: r % CLIENTS, type: "invoke", f: "read", value: { resource }, node });
    now += 1e6;
    emit({ process: r % CLIENTS, f: "read", node, type: "ok", value: { resource, value: s?.value ?? null, token: s?.token == null ? null : String(s.token) } });
  }
  history.close();
  storage.close();
  return index;

  function finish(c: Client, node: string): void {
    const resource = c.resource;
    const base = { process: c.p, f: c.step, node };
    if (c.step === "acquire") {
      const held = holder.get(resource);
      if (held !== undefined) {
        emit({ ...base, type: "fail", value: { resource }, error: { code: "lock-busy", message: `Cannot acquire "${resource}": held by "${held}"`, definite: true } });
        c.resource = `r${Math.floor(random() * RESOURCES)}`;
        return;
      }
      c.token = (tokens.get(resource) ?? 0) + 1;
      tokens.set(resource, c.token);
      holder.set(resource, c.p);
      emit({ ...base, type: "ok", value: { resource, token: String(c.token) } });
      c.step = "read";
    } else if (c.step === "read") {
      const s = stored.get(resource);
      emit({ ...base, type: "ok", value: { resource, value: s?.value ?? null, token: s?.token == null ? null : String(s.token) } });
      c.step = "write";
    } else if (c.step === "write") {
      const value = `p${c.p}-${c.writes++}`;
      const prior = stored.get(resource);
      const token = index >= staleAt && staleAt >= 0 && prior?.token != null ? prior.token - 1 : c.token;
      if (token !== c.token) {
        staleAt = -1;
        storage.line({ time: Math.round(now - 1e5), node: "s1", key: resource, value, token: String(token), client: String(c.p), accepted: true, highest: String(prior?.token), mode: "fenced" });
        stored.set(resource, { value, token: prior?.token ?? null });
        emit({ ...base, type: "ok", value: { resource, value, token: String(token) } });
      } else {
        storage.line({ time: Math.round(now - 1e5), node: "s1", key: resource, value, token: String(token), client: String(c.p), accepted: true, highest: prior?.token == null ? null : String(prior.token), mode: "fenced" });
        stored.set(resource, { value, token });
        emit({ ...base, type: "ok", value: { resource, value, token: String(token) } });
      }
      c.step = "release";
    } else {
      holder.delete(resource);
      emit({ ...base, type: "ok", value: { resource, token: String(c.token) } });
      c.step = "acquire";
      c.resource = `r${Math.floor(random() * RESOURCES)}`;
    }
  }
}

const [dir, ops, flag] = process.argv.slice(2);
if (dir === undefined || ops === undefined || !(Number(ops) > 0)) {
  process.stderr.write("usage: node dist/scripts/synth-run.js <dir> <ops> [--invalid]\n");
  process.exit(254);
}
const written = synthRun(dir, Number(ops), flag === "--invalid");
process.stdout.write(`${written} ops written to ${join(dir, "history.jsonl")}\n`);
