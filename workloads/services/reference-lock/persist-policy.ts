/**
 * When the reference lock server writes a change to its journal. "grant"
 * (the service's design): before the grant or release is answered, so a
 * token is never handed out twice, even across a kill. "timer" (the
 * `reference-timer` variant, broken on purpose): the change is kept in
 * memory and written with the others every `everyMs`, after the answer; a
 * kill loses the changes of the last interval, and the restarted server
 * hands out the same tokens again.
 */
import { groupCommit } from "../durable-file.js";

/** How changes reach the journal. */
export type PersistMode = "grant" | "timer";

/** What a policy needs: `save` writes the changed resources; the timer functions are injected. */
export interface PersistPolicyDeps {
  readonly mode: PersistMode;
  /** Writes the changes of `resources` to the journal (one write) at once; resolves once they are durable. */
  save(resources: ReadonlySet<string>): void | Promise<void>;
  readonly everyMs: number;
  setInterval(callback: () => void, ms: number): unknown;
}

/**
 * The `persist` function of the lock route. In "grant" mode it resolves
 * once a save that began after the call is done (group commit: one save at
 * a time, one for all that queued while the last ran); in "timer" mode it
 * returns at once and the timer saves every `everyMs`.
 */
export function persistPolicy(deps: PersistPolicyDeps): (resource: string) => void | Promise<void> {
  const changed = new Set<string>();
  const flush = (): void | Promise<void> => {
    if (changed.size === 0) return;
    const saved = deps.save(changed);
    changed.clear();
    return saved;
  };
  if (deps.mode === "timer") {
    // Nobody waits for the timer's save; one that fails ends the process (an unhandled rejection), as a throw did.
    deps.setInterval(() => void flush(), deps.everyMs);
    return (resource) => void changed.add(resource);
  }
  // Grants and releases that queue while an append is being synced share the next one.
  const commit = groupCommit(flush);
  return (resource) => {
    changed.add(resource);
    return commit();
  };
}

/** The persist mode a `--persist` argument names; throws on anything else. */
export function persistMode(raw: string): PersistMode {
  if (raw === "grant" || raw === "timer") return raw;
  throw new Error(`Cannot start the reference lock service: --persist "${raw}" is not grant or timer`);
}
