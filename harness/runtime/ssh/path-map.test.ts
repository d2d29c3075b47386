import { describe, expect, it } from "vitest";
import { mapArgv, mapEnv, mapText, textMapper } from "./path-map.js";

const MAP = [
  ["/usr/bin/node", "/opt/fencecheck/v1/bin/node"],
  ["/work/app", "/opt/fencecheck/v1/pkg"],
  ["/work/app/store", "/var/tmp/fencecheck/run1/store"],
] as const;

describe("mapText", () => {
  it("maps the longest local prefix, everywhere in the text", () => {
    expect(mapText(MAP, "/work/app/store/r/nodes/l1/data")).toBe("/var/tmp/fencecheck/run1/store/r/nodes/l1/data");
    expect(mapText(MAP, "/work/app/dist/x.js")).toBe("/opt/fencecheck/v1/pkg/dist/x.js");
    expect(mapText(MAP, '{"dataDir":"/work/app/store/d","host":"10.0.0.1"}')).toBe('{"dataDir":"/var/tmp/fencecheck/run1/store/d","host":"10.0.0.1"}');
    expect(mapText(MAP, "/etc/other")).toBe("/etc/other");
  });
});

describe("textMapper", () => {
  it("maps as mapText does, with its pattern built once for many lines", () => {
    const map = [["/work/main", "/opt/pkg"], ["/work/main/examples/custom-lock", "/run/x/adapter"]] as const;
    const mapLine = textMapper(map);
    const line = JSON.stringify({ lockAdapter: "/work/main/examples/custom-lock/adapter.mjs", other: "/work/main/dist/a.js" });
    expect(mapLine(line)).toBe(mapText(map, line));
    expect(JSON.parse(mapLine(line))).toEqual({ lockAdapter: "/run/x/adapter/adapter.mjs", other: "/opt/pkg/dist/a.js" });
  });
});

describe("mapArgv", () => {
  it("maps paths and shifts the harness origin by the host's monotonic offset", () => {
    const argv = ["/usr/bin/node", "/work/app/dist/storage.js", "--origin-ns", "1000", "--log", "/work/app/store/s.jsonl"];
    expect(mapArgv(MAP, argv, -250n)).toEqual([
      "/opt/fencecheck/v1/bin/node", "/opt/fencecheck/v1/pkg/dist/storage.js", "--origin-ns", "750", "--log", "/var/tmp/fencecheck/run1/store/s.jsonl",
    ]);
  });

  it("maps environment values", () => {
    expect(mapEnv(MAP, { FILE: "/work/app/store/x", N: "1" })).toEqual({ FILE: "/var/tmp/fencecheck/run1/store/x", N: "1" });
  });
});
