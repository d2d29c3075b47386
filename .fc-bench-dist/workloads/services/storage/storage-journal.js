/**
 * The storage node's durable state: an append-only journal of accepted
 * writes in its data dir (`journal.jsonl`), replayed on start. Each line is
 * appended synchronously before the write is answered, so a SIGKILL loses
 * at most a write that was never acknowledged; a torn last line is skipped.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
const JOURNAL = "journal.jsonl";
/**
 * Reads the accepted writes in the order they were applied, and ends a torn
 * last line with a newline so later appends start on a fresh line.
 */
export function loadJournal(dataDir) {
    let text;
    try {
        text = readFileSync(join(dataDir, JOURNAL), "utf8");
    }
    catch (error) {
        if (error.code === "ENOENT")
            return [];
        throw error;
    }
    if (text.length > 0 && !text.endsWith("\n"))
        appendFileSync(join(dataDir, JOURNAL), "\n");
    const writes = [];
    for (const line of text.split("\n")) {
        const write = parseLine(line);
        if (write)
            writes.push(write);
    }
    return writes;
}
function parseLine(line) {
    if (line.trim() === "")
        return undefined;
    try {
        const x = JSON.parse(line);
        if (typeof x.key !== "string" || typeof x.value !== "string")
            return undefined;
        return { key: x.key, value: x.value, token: typeof x.token === "string" ? x.token : null };
    }
    catch {
        return undefined;
    }
}
/** Appends one accepted write. */
export function appendJournal(dataDir, write) {
    appendFileSync(join(dataDir, JOURNAL), `${JSON.stringify({ key: write.key, value: write.value, token: write.token })}\n`);
}
//# sourceMappingURL=storage-journal.js.map