/**
 * The S3 storage node against the real S3 server from npm, through the AWS
 * SDK as the agents use it: every PutObject's answer is journaled, and the
 * finding docs/lock-services.md reports: the server ignores If-Match on PutObject, so
 * a write naming an ETag it no longer holds is accepted (recorded with
 * conditionHeld false). And the node's own promise: a GetObject never
 * sees a PutObject half done (s3rver writes the body and the metadata as two
 * files, so a GET beside a PUT can return one write's body with the previous
 * write's token). Needs `npm run build` first.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StorageRecord } from "../../../core/index.js";
import { createS3StorageClient } from "../../adapters/s3-storage-client.js";
import { startServiceProcess, type ServiceProcess } from "../../testing/program-process.js";

const dir = mkdtempSync(join(tmpdir(), "s3-storage-int-"));
let node: ServiceProcess;
beforeAll(async () => {
  node = await startServiceProcess("s3-storage", ["--host", "127.0.0.1", "--port", "0", "--mode", "s3-conditional", "--node", "s1",
    "--data-dir", join(dir, "data"), "--log", join(dir, "storage.jsonl")]);
});
afterAll(async () => {
  await node.stop();
  rmSync(dir, { recursive: true, force: true });
});

function records(): StorageRecord[] {
  return readFileSync(join(dir, "storage.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as StorageRecord);
}

describe("the S3 storage node", () => {
  it("journals each PutObject, token and client from metadata, and shows that the server ignores a stale If-Match", async () => {
    const s3 = createS3StorageClient({ endpoints: [node.endpoint], conditional: true });
    const empty = await s3.read("r1");
    expect(empty).toEqual({ kind: "value", value: null, token: null, version: null });
    expect(await s3.write({ key: "r1", value: "v1", token: "1", client: "1", version: null })).toMatchObject({ kind: "accepted" });
    const first = await s3.read("r1");
    expect(first).toMatchObject({ kind: "value", value: "v1", token: "1" });
    const etag = first.kind === "value" ? first.version : undefined;
    expect(await s3.write({ key: "r1", value: "v2", token: "2", client: "2", version: etag })).toMatchObject({ kind: "accepted" });
    // The same ETag again: the object has since changed, so S3 would answer 412 Precondition Failed.
    const stale = await s3.write({ key: "r1", value: "v3", token: "1", client: "1", version: etag });
    expect(stale).toMatchObject({ kind: "accepted" });
    expect(await s3.read("r1")).toMatchObject({ value: "v3", token: "1" });
    expect(records().map((r) => [r.value, r.token, r.client, r.accepted, r.conditionHeld, r.mode])).toEqual([
      ["v1", "1", "1", true, true, "s3-conditional"],
      ["v2", "2", "2", true, true, "s3-conditional"],
      ["v3", "1", "1", true, false, "s3-conditional"],
    ]);
  });

  it("never answers a GetObject with one write's body and another's token, however the PUTs and GETs overlap", async () => {
    const s3 = createS3StorageClient({ endpoints: [node.endpoint], conditional: false, timeoutMs: 10_000 });
    const torn: string[] = [];
    let writes = 0;
    const writer = async (): Promise<void> => {
      for (let i = 1; i <= 150; i++) {
        await s3.write({ key: "torn", value: `v${i}`, token: String(i), client: "1" });
        writes = i;
      }
    };
    const reader = async (): Promise<void> => {
      while (writes < 150) {
        const got = await s3.read("torn");
        if (got.kind === "value" && got.value !== null && got.value !== `v${got.token}`) torn.push(`${got.value} with token ${got.token}`);
      }
    };
    await Promise.all([writer(), reader(), reader()]);
    expect(torn).toEqual([]);
  });
});
