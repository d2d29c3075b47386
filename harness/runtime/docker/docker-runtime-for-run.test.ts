import { describe, expect, it } from "vitest";
import { dockerImagesFor } from "./docker-runtime-for-run.js";
import { exitFromCode } from "./exec-process.js";
import { selectSpecs } from "./images/build-images.js";
import { imageSpecs } from "./images/image-specs.js";
import { nsenterArgv } from "./network-faults.js";

describe("dockerImagesFor", () => {
  it("runs a lock service's nodes in its image and everything else in the node image", () => {
    expect(dockerImagesFor("etcd")).toEqual({ lock: "fencecheck/etcd:local", storage: "fencecheck/node:local", client: "fencecheck/node:local" });
    expect(dockerImagesFor("redlock").lock).toBe("fencecheck/redis:local");
    expect(dockerImagesFor("reference").lock).toBe("fencecheck/node:local");
    expect(dockerImagesFor("/home/me/my-lock.mjs").lock).toBe("fencecheck/node:local");
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
