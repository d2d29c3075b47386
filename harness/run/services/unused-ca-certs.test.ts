import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { withoutUnusedCaCerts } from "./unused-ca-certs.js";

describe("withoutUnusedCaCerts", () => {
  it("empties NODE_EXTRA_CA_CERTS when the harness has it, and adds nothing when it has none", () => {
    expect(withoutUnusedCaCerts({ NODE_EXTRA_CA_CERTS: "/etc/ssl/certs/ca-certificates.crt" })).toEqual({ NODE_EXTRA_CA_CERTS: "" });
    expect(withoutUnusedCaCerts({})).toEqual({});
    expect(withoutUnusedCaCerts({ NODE_EXTRA_CA_CERTS: "" })).toEqual({});
  });

  it("keeps Node from reading the file: set empty, a missing file gives no warning, set to it, Node warns that it cannot read it", () => {
    const missing = "/nonexistent/fencecheck-ca.pem";
    const start = (env: Record<string, string>) => spawnSync(process.execPath, ["-e", "0"], { encoding: "utf8", env: { ...process.env, NODE_EXTRA_CA_CERTS: missing, ...env } });
    expect(start({}).stderr).toContain(missing);
    expect(start(withoutUnusedCaCerts({ NODE_EXTRA_CA_CERTS: missing })).stderr).toBe("");
  });
});
