import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ImageCheck, RunConfig, Runtime } from "../../../core/index.js";
import { resolveNemesis } from "../../../nemesis/index.js";
import { loadLockAdapter, type LockAdapter } from "../../../workloads/index.js";
import { createFakeRuntime } from "../../runtime/fake/fake-runtime.js";
import { runTest } from "../lifecycle/run-test.js";
import { previewLaunch, refuseImage } from "./refuse-image.js";

/** An adapter module whose service ships as `image`. */
function imageAdapter(image: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), "fc-image-")), "image-lock.mjs");
  writeFileSync(path, `export default {
  name: "image-lock",
  service: { nodes: 1, start: (node) => ({ image: ${JSON.stringify(image)}, argv: ["/usr/bin/lockd", "--port", String(node.port)] }) },
  async connect() { return { async acquire() { return { token: 1 }; }, async release() {} }; },
};\n`);
  return path;
}

function config(adapter: string, faults: string[], options: RunConfig["nemesis"]["options"] = {}): RunConfig {
  return {
    name: "t", seed: 1, runtime: "fake", command: "", storeDir: mkdtempSync(join(tmpdir(), "fc-image-store-")), timeLimitMs: 1000, opTimeoutMs: 1000,
    lock: { adapter, nodes: 1 },
    storage: { kind: "fenced", nodes: 1 },
    workload: { name: "lock-write", clients: 2, resources: 1, ttlMs: 2000, holdMs: 100, acquireTimeoutMs: 1000 },
    nemesis: { faults, intervalMs: 1000, options },
  };
}

/** A runtime that runs images and records what it was asked to check. */
function imageRuntime(): Runtime & { checks: ImageCheck[] } {
  const checks: ImageCheck[] = [];
  return { ...createFakeRuntime(), kind: "docker", checks, checkImage: async (check) => void checks.push(check) };
}

async function refuse(adapter: string, faults: string[], runtime: Runtime, options: RunConfig["nemesis"]["options"] = {}): Promise<void> {
  const cfg = config(adapter, faults, options);
  await refuseImage(cfg, resolveNemesis(cfg), runtime, (await loadLockAdapter(adapter)).adapter);
}

describe("refusing a lock service image before anything starts", () => {
  it("refuses it in one line on a runtime that does not run images, and starts nothing", async () => {
    const runtime = createFakeRuntime();
    await expect(runTest(config(imageAdapter("my-lock:1"), ["pause-holder"]), { runtime })).rejects.toThrow(
      /^Cannot run lock service "image-lock" as image "my-lock:1": runtime "fake" does not run images \(use --runtime docker\)$/,
    );
    expect(runtime.calls).toEqual([]);
  });

  it("asks the runtime to check the image with the program it will run, and whether clock faults reach it", async () => {
    const runtime = imageRuntime();
    await refuse(imageAdapter("my-lock:1"), ["clock-jump"], runtime, { clock: { nodes: "lock" } });
    await refuse(imageAdapter("my-lock:1"), ["clock-jump"], runtime, { clock: { nodes: "client,storage" } });
    await refuse(imageAdapter("my-lock:1"), ["kill-lock"], runtime);
    expect(runtime.checks).toEqual([
      { name: "my-lock:1", argv: ["/usr/bin/lockd", "--port", "7001"], clock: true },
      { name: "my-lock:1", argv: ["/usr/bin/lockd", "--port", "7001"], clock: false },
      { name: "my-lock:1", argv: ["/usr/bin/lockd", "--port", "7001"], clock: false },
    ]);
  });

  it("refuses an image that is not a non-empty string as a malformed adapter", async () => {
    await expect(refuse(imageAdapter(""), ["kill-lock"], imageRuntime())).rejects.toMatchObject({ code: "adapter.invalid" });
    await expect(refuse(imageAdapter(7), ["kill-lock"], imageRuntime())).rejects.toMatchObject({ code: "adapter.invalid" });
  });

  it("previews a start that writes config files into a scratch data directory, not the service's, and removes it", async () => {
    const zookeeper = (await loadLockAdapter("zookeeper")).adapter;
    const cfg = { ...config("zookeeper", []), lock: { adapter: "zookeeper", nodes: 3 } };
    const launch = previewLaunch(cfg, zookeeper);
    const dataDir = launch?.argv.find((arg) => arg.includes("fencecheck-preview-"));
    expect(launch?.image).toBeUndefined();
    expect(dataDir).toBeDefined();
    expect(existsSync(dataDir as string)).toBe(false);
  });

  it("previews no launch for a run against --endpoints, nor for a built-in service without an image", async () => {
    const external = { ...config(imageAdapter("my-lock:1"), []), lock: { adapter: "x", nodes: 1, endpoints: ["10.0.0.1:1"] } };
    expect(previewLaunch(external, (await loadLockAdapter(imageAdapter("my-lock:1"))).adapter)).toBeUndefined();
    expect(previewLaunch(config("reference", []), (await loadLockAdapter("reference")).adapter)?.image).toBeUndefined();
  });

  it("turns a start that throws (its program not built, say) into one line naming the service, bad input", () => {
    const unbuilt: LockAdapter = { name: "go-lock", service: { nodes: 1, start: () => { throw new Error("the server is not built: run build.sh"); } }, connect: async () => ({ acquire: async () => ({ token: 1 }), release: async () => undefined }) };
    expect(() => previewLaunch(config("./go-lock.mjs", []), unbuilt)).toThrow(expect.objectContaining({
      code: "adapter.invalid", message: 'Cannot start lock service "go-lock": its service.start threw: the server is not built: run build.sh',
    }));
  });
});
