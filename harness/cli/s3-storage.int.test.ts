/**
 * S3 as the storage that cannot fence, through the CLI on the local
 * runtime: the storage node runs an S3 server from npm, clients write with
 * the AWS SDK's PutObject, and a paused holder's late PutObject is accepted
 * (exit 1), as storage.jsonl, journaled from the server's answers, shows.
 * Needs root and a build.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { StorageRecord } from "../../core/index.js";
import { main } from "./main.js";

const store = mkdtempSync(join(tmpdir(), "fencecheck-s3-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

describe("S3 storage", () => {
  it("accepts the paused holder's stale PutObject: exit 1, with the write in storage.jsonl", async () => {
    let out = "";
    const io = { out: (s: string) => void (out += s), err: () => undefined, isTty: false };
    const argv = ["run", "--storage", "s3", "--nemesis", "pause-holder", "--hold-ms", "100", "--time-limit", "8", "--seed", "2", "--store", store];
    const code = await main(argv, io, { cwd: process.cwd(), signal: new AbortController().signal });
    expect(out).toMatch(/^INVALID .*fencing: FAIL/);
    expect(code).toBe(1);
    const results = JSON.parse(readFileSync(join(store, "latest", "results.json"), "utf8"));
    const stale = results.results.fencing.violations[0] as { value: string; client: string };
    const records = readFileSync(join(store, "latest", "storage.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as StorageRecord);
    expect(records.find((r) => r.value === stale.value && r.client === stale.client)).toMatchObject({ accepted: true, mode: "s3" });
  }, 60_000);
});
