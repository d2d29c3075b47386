/**
 * An acceptor's durable vote state in its data dir, `votes.json`, replaced
 * by write, fsync, rename before any vote or release is answered: a node
 * that restarts must not vote again for a token it already voted past.
 * A promise is saved with its TTL, not its expiry: the expiry is on the
 * monotonic clock of the process that made it, which a restart does not
 * keep, so a loaded promise is held for a whole TTL from the load (its
 * lease cannot have run longer than that; it may have run less).
 */
import { readFileSync } from "node:fs";
import { writeFileDurably } from "../durable-file.js";
import { join } from "node:path";
import { HarnessError } from "../../../core/index.js";
import type { ResourceVotes } from "./acceptor.js";

interface StateFile {
  readonly [resource: string]: { highest: string; lease?: { holder: string; token: string; ttlMs: number } };
}

const STATE_FILE = "votes.json";

/** Loads the vote state saved in `dataDir`, each promise held until `nowMs` (the monotonic clock's reading) plus its TTL; empty when there is none yet. */
export function loadVotes(dataDir: string, nowMs: number): Map<string, ResourceVotes> {
  let text: string;
  try {
    text = readFileSync(join(dataDir, STATE_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw error;
  }
  try {
    const state = JSON.parse(text) as StateFile;
    return new Map(
      Object.entries(state).map(([resource, v]): [string, ResourceVotes] => [
        resource,
        {
          highest: BigInt(v.highest),
          ...(v.lease ? { lease: { holder: v.lease.holder, token: BigInt(v.lease.token), ttlMs: v.lease.ttlMs, expiresAtMs: nowMs + v.lease.ttlMs } } : {}),
        },
      ]),
    );
  } catch (error) {
    throw new HarnessError("store.invalid", `Cannot load vote state "${join(dataDir, STATE_FILE)}": ${String(error)}`);
  }
}

/** Saves the vote state durably (temp file, fsync, rename). */
export function saveVotes(dataDir: string, votes: ReadonlyMap<string, ResourceVotes>): void {
  const state: StateFile = Object.fromEntries(
    [...votes].map(([resource, v]) => [
      resource,
      {
        highest: v.highest.toString(),
        ...(v.lease ? { lease: { holder: v.lease.holder, token: v.lease.token.toString(), ttlMs: v.lease.ttlMs } } : {}),
      },
    ]),
  );
  writeFileDurably(join(dataDir, STATE_FILE), JSON.stringify(state));
}
