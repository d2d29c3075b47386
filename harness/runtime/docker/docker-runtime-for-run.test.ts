import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { linkedModules } from "./docker-runtime-for-run.js";
import { exitFromCode } from "./exec-process.js";
import { selectSpecs } from "./images/build-images.js";
import { imageSpecs } from "./images/image-specs.js";
import { nsenterArgv } from "./network-faults.js";

describe("linkedModules", () => {
  it("mounts the shared install a package's node_modules links to, and nothing for a plain folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "fencecheck-linked-modules-"));
    try {
      const linked = join(dir, "linked");
      const plain = join(dir, "plain");
      const shared = join(dir, "shared", "node_modules");
      for (const path of [linked, join(plain, "node_modules"), shared]) mkdirSync(path, { recursive: true });
      symlinkSync(shared, join(linked, "node_modules"));
      expect(linkedModules(linked)).toEqual([shared]);
      expect(linkedModules(plain)).toEqual([]);
      expect(linkedModules(join(dir, "absent"))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("selectSpecs", () => {
  it("adds an image's base and keeps the base first", () => {
    expect(selectSpecs(imageSpecs(), ["etcd"]).map((s) => s.name)).toEqual(["node", "etcd"]);
    expect(selectSpecs(imageSpecs(), undefined).map((s) => s.name)[0]).toBe("node");
  });

  it("refuses an unknown image name", () => {
    expect(() => selectSpecs(imageSpecs(), ["consul"])).toThrow(/Cannot build image "consul": no such image/);
  });
});

describe("exitFromCode", () => {
  it("reads 128 + n as death by signal n and anything else as an exit code", () => {
    expect(exitFromCode(137)).toEqual({ code: null, signal: "SIGKILL" });
    expect(exitFromCode(143)).toEqual({ code: null, signal: "SIGTERM" });
    expect(exitFromCode(1)).toEqual({ code: 1, signal: null });
    expect(exitFromCode(null)).toEqual({ code: null, signal: null });
  });
});

describe("nsenterArgv", () => {
  it("enters only the network namespace of the container's PID", () => {
    expect(nsenterArgv(4242, ["iptables-restore", "-w", "--noflush"])).toEqual(["nsenter", "-t", "4242", "-n", "iptables-restore", "-w", "--noflush"]);
  });
});
