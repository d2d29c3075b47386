/**
 * Generators of linearizable histories for benchmarks and property tests.
 * Clients run concurrently: at each tick one client either invokes an op,
 * applies its pending op to the real state (its linearization point), or
 * completes an applied op. So the history is linearizable by construction,
 * with real overlap between clients.
 */
import type { Rng } from "../../core/index.js";
import type { JepsenOp } from "./formats/jepsen-op.js";

interface Pending {
  f: string;
  key?: string;
  invokeValue: unknown;
  result?: unknown;
  /** A cas whose compare failed completes as fail. */
  failed?: boolean;
}

/** Options of a generated history. */
export interface GenerateOptions {
  readonly ops: number;
  readonly clients: number;
  readonly rng: Rng;
}

/** The driver: apply(pending) executes an op on the real state and returns its completion value. */
function generate(
  opts: GenerateOptions,
  invoke: (rng: Rng) => Pending,
  apply: (p: Pending) => unknown,
): JepsenOp[] {
  const { rng, clients } = opts;
  const pending: (Pending | undefined)[] = new Array(clients).fill(undefined);
  const out: JepsenOp[] = [];
  let invoked = 0;
  let open = 0;
  while (invoked < opts.ops || open > 0) {
    const c = rng.int(0, clients - 1);
    const p = pending[c];
    if (p === undefined) {
      if (invoked >= opts.ops) continue;
      const next = invoke(rng);
      pending[c] = next;
      invoked++;
      open++;
      out.push(op(c, "invoke", next, next.invokeValue, out.length));
    } else if (!("result" in p)) {
      p.result = apply(p);
    } else {
      pending[c] = undefined;
      open--;
      out.push(op(c, p.failed === true ? "fail" : "ok", p, p.result, out.length));
    }
  }
  return out;
}

function op(process: number, type: "invoke" | "ok" | "fail", p: Pending, value: unknown, line: number): JepsenOp {
  return { process, type, f: p.f, value, line: line + 1, ...(p.key !== undefined ? { key: p.key } : {}) };
}

/** A single CAS register history (read, write, cas over values 0..4; starts nil). */
export function generateRegisterHistory(opts: GenerateOptions): JepsenOp[] {
  let value: number | null = null;
  return generate(
    opts,
    (rng) => {
      const roll = rng.int(0, 2);
      if (roll === 0) return { f: "read", invokeValue: null };
      if (roll === 1) return { f: "write", invokeValue: rng.int(0, 4) };
      return { f: "cas", invokeValue: [rng.int(0, 4), rng.int(0, 4)] };
    },
    (p) => {
      if (p.f === "read") return value;
      if (p.f === "write") return (value = p.invokeValue as number);
      const [from, to] = p.invokeValue as [number, number];
      if (value === from) value = to;
      else p.failed = true;
      return p.invokeValue;
    },
  );
}

/** A kv history (get, put, append) over `keys` keys. */
export function generateKvHistory(opts: GenerateOptions & { readonly keys: number }): JepsenOp[] {
  const store = new Map<string, string>();
  let serial = 0;
  return generate(
    opts,
    (rng) => {
      const key = String(rng.int(0, opts.keys - 1));
      const roll = rng.int(0, 9);
      if (roll < 5) return { f: "get", key, invokeValue: null };
      return { f: roll < 9 ? "append" : "put", key, invokeValue: `x${serial++}y` };
    },
    (p) => {
      const k = p.key!;
      if (p.f === "get") return store.get(k) ?? "";
      store.set(k, p.f === "put" ? (p.invokeValue as string) : (store.get(k) ?? "") + (p.invokeValue as string));
      return p.invokeValue;
    },
  );
}
