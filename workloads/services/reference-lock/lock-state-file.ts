/**
 * The reference lock server's durable state in its data dir: `lock-state.json`
 * (token counters and live leases, replaced by write-then-rename before each
 * answer, without fsync) and `grants.jsonl` (one line per grant, for checkers).
 */
import { appendFileSync, readFileSync } from "node:fs";
import { writeFileAtomically } from "../durable-file.js";
import { join } from "node:path";
import { HarnessError } from "../../../harness/core/index.js";
import type { LeaseEntry, LeaseTableSnapshot } from "./lease-table.js";

/** One line of grants.jsonl. `grantedAtMs` is on the (possibly skewed) server clock. */
export interface GrantRecord {
  readonly resource: string;
  readonly client: string;
  readonly token: string;
  readonly grantedAtMs: number;
  readonly ttlMs: number;
  /** Harness-monotonic ns, present when the server was given `--origin-ns`. */
  readonly time?: number;
}

interface StateFile {
  readonly counters: Record<string, string>;
  readonly leases: Record<string, { client: string; token: string; expiresAtMs: number }>;
}

const STATE_FILE = "lock-state.json";

/** Loads the snapshot saved in `dataDir`; empty when there is none yet. */
export function loadLockState(dataDir: string): LeaseTableSnapshot {
  let text: string;
  try {
    text = readFileSync(join(dataDir, STATE_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { counters: new Map(), leases: new Map() };
    throw error;
  }
  try {
    const state = JSON.parse(text) as StateFile;
    const counters = new Map(Object.entries(state.counters).map(([r, t]) => [r, BigInt(t)] as const));
    const leases = new Map(
      Object.entries(state.leases).map(([r, l]): [string, LeaseEntry] => [
        r,
        { client: l.client, token: BigInt(l.token), expiresAtMs: l.expiresAtMs },
      ]),
    );
    return { counters, leases };
  } catch (error) {
    throw new HarnessError("store.invalid", `Cannot load lock state "${join(dataDir, STATE_FILE)}": ${String(error)}`);
  }
}

/**
 * Saves the snapshot so that it survives a kill of the server: writes a temp
 * file and renames it over the old one (no fsync: the kill faults stop the
 * process, never the machine, and an fsync per grant blocked every request
 * behind the disk).
 */
export function saveLockState(dataDir: string, snapshot: LeaseTableSnapshot): void {
  const state: StateFile = {
    counters: Object.fromEntries([...snapshot.counters].map(([r, t]) => [r, t.toString()])),
    leases: Object.fromEntries(
      [...snapshot.leases].map(([r, l]) => [r, { client: l.client, token: l.token.toString(), expiresAtMs: l.expiresAtMs }]),
    ),
  };
  writeFileAtomically(join(dataDir, STATE_FILE), JSON.stringify(state));
}

/** Appends one grant to `<dataDir>/grants.jsonl`. */
export function appendGrant(dataDir: string, grant: GrantRecord): void {
  appendFileSync(join(dataDir, "grants.jsonl"), `${JSON.stringify(grant)}\n`);
}
