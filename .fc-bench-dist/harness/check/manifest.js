/**
 * Manifests of histories with expected verdicts, tab-separated as
 * `<path relative to the manifest> <model[:initial]> <ok|illegal|unknown|none> [note]`;
 * `#` starts a comment line. `runManifest` checks every row and totals.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseModelArg } from "../../checkers/index.js";
import { HarnessError } from "../core/index.js";
import { checkFile } from "./check-file.js";
/** Reads a manifest; throws input.invalid naming the file and line. */
export function readManifest(path) {
    let text;
    try {
        text = readFileSync(path, "utf8");
    }
    catch {
        throw new HarnessError("input.invalid", `Cannot read manifest "${path}": no such file`);
    }
    const base = dirname(path);
    const rows = [];
    text.split("\n").forEach((raw, i) => {
        if (raw.trim() === "" || raw.startsWith("#"))
            return;
        const bad = (why) => {
            throw new HarnessError("input.invalid", `Cannot read "${path}" line ${i + 1}: ${why}`);
        };
        const [file, modelText, expected] = raw.split("\t");
        if (!file || !modelText || !expected)
            return bad("expected <path> <model> <expected> separated by tabs");
        if (!["ok", "illegal", "unknown", "none"].includes(expected.trim())) {
            return bad(`expected verdict must be ok, illegal, unknown or none, got "${expected}"`);
        }
        let model;
        try {
            model = parseModelArg(modelText.trim());
        }
        catch (error) {
            return bad(error.message);
        }
        rows.push({ path: resolve(base, file.trim()), model, modelText: modelText.trim(), expected: expected.trim(), line: i + 1 });
    });
    return rows;
}
/** Checks every row in order, calling `onRow` after each. */
export async function runManifest(rows, options, onRow) {
    const outcomes = [];
    for (const row of rows) {
        const check = await checkFile(row.path, { ...options, model: row.model });
        const matches = row.expected === "none" || check.result.result === row.expected;
        const outcome = { row, check, matches };
        outcomes.push(outcome);
        onRow(outcome);
    }
    return {
        outcomes,
        mismatches: outcomes.filter((o) => !o.matches).length,
        totalMs: outcomes.reduce((t, o) => t + o.check.checkMs, 0),
    };
}
//# sourceMappingURL=manifest.js.map