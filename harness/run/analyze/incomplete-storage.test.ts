import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Checker, RunConfig, StorageRecord } from "../../../core/index.js";
import { compose, fencingChecker } from "../../../checkers/index.js";
import { incompleteStorage, judgeIncompleteStorage } from "./incomplete-storage.js";

const dir = mkdtempSync(join(tmpdir(), "fc-incomplete-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two accepted writes in token order: whole, the fencing checker finds nothing wrong. */
const storage: StorageRecord[] = [
  { time: 1, node: "s1", key: "r1", value: "a", token: "1" as never, client: "1", accepted: true, highest: null, mode: "fenced" },
  { time: 2, node: "s1", key: "r1", value: "b", token: "2" as never, client: "2", accepted: true, highest: "1" as never, mode: "fenced" },
];
/** The same writes, but the second one stale and accepted: a violation the arrived records prove. */
const staleAccepted: StorageRecord[] = [
  { time: 1, node: "s1", key: "r1", value: "a", token: "2" as never, client: "2", accepted: true, highest: null, mode: "fenced" },
  { time: 2, node: "s1", key: "r1", value: "b", token: "1" as never, client: "1", accepted: true, highest: "2" as never, mode: "fenced" },
];
const historyOnly: Checker = { name: "history-only", check: ({ history }) => ({ valid: history.length === 0 }) };
const input = { config: {} as RunConfig, history: [], storage };

describe("judgeIncompleteStorage", () => {
  it("makes a checker that read the storage records unknown, naming the host and file, and keeps what it said", async () => {
    const missing = ['host "10.0.0.3": "/var/tmp/fencecheck/abc12345/store/storage.jsonl": only 120 of its 480 bytes arrived'];
    const result = await compose(judgeIncompleteStorage([fencingChecker(), historyOnly], missing)).check(input);
    expect(result.valid).toBe("unknown");
    expect(result.results["fencing"]).toMatchObject({ valid: "unknown", validIfWhole: true, reason: `storage.jsonl did not arrive whole: ${missing[0]}` });
    expect(result.reason).toBe(`fencing: storage.jsonl did not arrive whole: ${missing[0]}`);
    expect(result.results["history-only"]).toEqual({ valid: true });
  });

  it("keeps INVALID for a checker that found a stale write in the records that did arrive", async () => {
    const missing = ['host "h": "f": cat exited with code 1 after 0 of 9 bytes'];
    const whole = await fencingChecker().check({ ...input, storage: staleAccepted });
    expect(whole.valid).toBe(false);
    const [fencing] = judgeIncompleteStorage([fencingChecker()], missing);
    expect(await fencing?.check({ ...input, storage: staleAccepted })).toEqual(whole);
    expect((await compose(judgeIncompleteStorage([fencingChecker(), historyOnly], missing)).check({ ...input, storage: staleAccepted })).valid).toBe(false);
  });

  it("keeps n/a for a checker whose question did not arise in the records that did arrive", async () => {
    const missing = ['host "h": "f": cat exited with code 1 after 0 of 9 bytes'];
    const tokenless = storage.map((r) => ({ ...r, token: null, highest: null, mode: "unfenced" }));
    const whole = await fencingChecker().check({ ...input, storage: tokenless });
    expect(whole.valid).toBe("n/a");
    const [fencing] = judgeIncompleteStorage([fencingChecker()], missing);
    expect(await fencing?.check({ ...input, storage: tokenless })).toEqual(whole);
  });

  it("leaves every verdict alone when the file arrived whole", async () => {
    expect((await compose([fencingChecker(), historyOnly]).check(input)).valid).toBe(true);
  });
});

describe("incompleteStorage", () => {
  it("reads the lines beside storage.jsonl, and nothing when there are none", () => {
    const file = join(dir, "storage.jsonl");
    expect(incompleteStorage(file)).toBeUndefined();
    writeFileSync(`${file}.incomplete`, 'host "h": "f": cat exited with code 1 after 0 of 9 bytes\n');
    expect(incompleteStorage(file)).toEqual(['host "h": "f": cat exited with code 1 after 0 of 9 bytes']);
  });
});
