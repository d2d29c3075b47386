/**
 * The reference lock server's durable state in its data dir: `lock-state.json`
 * (token counters and live leases, replaced by write-then-rename before each
 * answer) and `grants.jsonl` (one line per grant, for checkers).
 */
import { appendFileSync, closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { join } from "node:path";
import { HarnessError } from "../../../harness/core/index.js";
const STATE_FILE = "lock-state.json";
/** Loads the snapshot saved in `dataDir`; empty when there is none yet. */
export function loadLockState(dataDir) {
    let text;
    try {
        text = readFileSync(join(dataDir, STATE_FILE), "utf8");
    }
    catch (error) {
        if (error.code === "ENOENT")
            return { counters: new Map(), leases: new Map() };
        throw error;
    }
    try {
        const state = JSON.parse(text);
        const counters = new Map(Object.entries(state.counters).map(([r, t]) => [r, BigInt(t)]));
        const leases = new Map(Object.entries(state.leases).map(([r, l]) => [
            r,
            { client: l.client, token: BigInt(l.token), expiresAtMs: l.expiresAtMs },
        ]));
        return { counters, leases };
    }
    catch (error) {
        throw new HarnessError("store.invalid", `Cannot load lock state "${join(dataDir, STATE_FILE)}": ${String(error)}`);
    }
}
/** Saves the snapshot durably: writes a temp file, fsyncs it, renames it over the old one. */
export function saveLockState(dataDir, snapshot) {
    const state = {
        counters: Object.fromEntries([...snapshot.counters].map(([r, t]) => [r, t.toString()])),
        leases: Object.fromEntries([...snapshot.leases].map(([r, l]) => [r, { client: l.client, token: l.token.toString(), expiresAtMs: l.expiresAtMs }])),
    };
    const path = join(dataDir, STATE_FILE);
    const temp = `${path}.tmp`;
    const fd = openSync(temp, "w");
    try {
        writeSync(fd, JSON.stringify(state));
        fsyncSync(fd);
    }
    finally {
        closeSync(fd);
    }
    renameSync(temp, path);
}
/** Appends one grant to `<dataDir>/grants.jsonl`. */
export function appendGrant(dataDir, grant) {
    appendFileSync(join(dataDir, "grants.jsonl"), `${JSON.stringify(grant)}\n`);
}
//# sourceMappingURL=lock-state-file.js.map