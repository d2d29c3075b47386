import { describe, expect, it } from "vitest";
import type { NodeId } from "../../../core/index.js";
import { imageCreateOptions, IMAGE_OF_LABEL } from "./image-process.js";
import { RUN_LABEL } from "./docker-plan.js";

const target = { node: "l1" as NodeId, runId: "r1", nodeContainer: "fc-r1-l1", name: "fc-r1-l1-image-1", binds: ["/store:/store:rw"], env: { LD_PRELOAD: "/lib/faketime.so" } };
const spec = { argv: ["/usr/bin/lockd", "--port", "7001"], env: { A: "1" }, logFile: "/store/l1/service.log" };

describe("the create options of an image container", () => {
  it("joins the node container's network namespace, unprivileged, labelled with the run and its node", () => {
    const options = imageCreateOptions(target, spec, { name: "my-lock:1", user: "1000:1000" });
    expect(options.Image).toBe("my-lock:1");
    expect(options.User).toBe("1000:1000");
    expect(options.HostConfig).toMatchObject({ NetworkMode: "container:fc-r1-l1", Privileged: false, Binds: ["/store:/store:rw"] });
    expect(options.HostConfig?.CapAdd).toBeUndefined();
    expect(options.Labels).toEqual({ [RUN_LABEL]: "r1", [IMAGE_OF_LABEL]: "l1" });
  });

  it("runs the argv in place of the image's entrypoint and command, with the clock variables before the spec's own", () => {
    const options = imageCreateOptions(target, { ...spec, env: { ...spec.env, LD_PRELOAD: "mine.so" } }, { name: "my-lock:1" });
    expect(options.Entrypoint).toEqual(["/usr/bin/lockd", "--port", "7001"]);
    expect(options.Cmd).toEqual([]);
    expect(options.Env).toEqual(["LD_PRELOAD=mine.so", "A=1"]);
    expect(options.User).toBeUndefined();
  });

  it("keeps the image's own entrypoint and command for an empty argv", () => {
    const options = imageCreateOptions(target, { ...spec, argv: [] }, { name: "my-lock:1" });
    expect(options.Entrypoint).toBeUndefined();
    expect(options.Cmd).toBeUndefined();
  });
});
