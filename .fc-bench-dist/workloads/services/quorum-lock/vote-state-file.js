/**
 * An acceptor's durable vote state in its data dir, `votes.json`, replaced
 * by write, fsync, rename before any vote or release is answered: a node
 * that restarts must not vote again for a token it already voted past.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { join } from "node:path";
import { HarnessError } from "../../../harness/core/index.js";
const STATE_FILE = "votes.json";
/** Loads the vote state saved in `dataDir`; empty when there is none yet. */
export function loadVotes(dataDir) {
    let text;
    try {
        text = readFileSync(join(dataDir, STATE_FILE), "utf8");
    }
    catch (error) {
        if (error.code === "ENOENT")
            return new Map();
        throw error;
    }
    try {
        const state = JSON.parse(text);
        return new Map(Object.entries(state).map(([resource, v]) => [
            resource,
            {
                highest: BigInt(v.highest),
                ...(v.lease ? { lease: { holder: v.lease.holder, token: BigInt(v.lease.token), expiresAtMs: v.lease.expiresAtMs } } : {}),
            },
        ]));
    }
    catch (error) {
        throw new HarnessError("store.invalid", `Cannot load vote state "${join(dataDir, STATE_FILE)}": ${String(error)}`);
    }
}
/** Saves the vote state durably (temp file, fsync, rename). */
export function saveVotes(dataDir, votes) {
    const state = Object.fromEntries([...votes].map(([resource, v]) => [
        resource,
        {
            highest: v.highest.toString(),
            ...(v.lease ? { lease: { holder: v.lease.holder, token: v.lease.token.toString(), expiresAtMs: v.lease.expiresAtMs } } : {}),
        },
    ]));
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
//# sourceMappingURL=vote-state-file.js.map