import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { portProbeScript } from "./port-probe.js";
import { delayHealScript, delayScript, lossHealScript, lossScript, probeScript, proxyPortFor } from "./traffic-rules.js";

describe("traffic rules", () => {
  it("drop each source at random in our own loss chain, jumping from INPUT once", () => {
    const script = lossScript(["10.77.0.11"], 0.25, true);
    expect(script).toContain("-I INPUT -j FENCECHECK-LOSS");
    expect(script).toContain("-A FENCECHECK-LOSS -s 10.77.0.11/32 -m statistic --mode random --probability 0.25000 -j DROP");
    expect(lossScript(["10.77.0.11"], 0.25, false)).not.toContain("-I INPUT");
  });

  it("refuse a probability outside 0..1", () => {
    expect(() => lossScript([], 1.5, true)).toThrow(/between 0 and 1/);
  });

  it("redirect new connections (their SYN) to a node's port to its proxy in our nat chain, only for traffic from outside", () => {
    const script = delayScript([{ host: "10.77.0.10", port: 7001, proxyPort: proxyPortFor(7001) }], true);
    expect(script).toContain("*nat");
    expect(script).toContain("-I PREROUTING -j FENCECHECK-DELAY");
    expect(script).toContain("-A FENCECHECK-DELAY -p tcp --syn -d 10.77.0.10/32 --dport 7001 -j REDIRECT --to-ports 47001");
  });

  it("heal loss by removing exactly our jump and chain", () => {
    expect(lossHealScript()).toBe("*filter\n-D INPUT -j FENCECHECK-LOSS\n-F FENCECHECK-LOSS\n-X FENCECHECK-LOSS\nCOMMIT\n");
  });

  it("heal delay by removing only our jump: the REDIRECT rules stay, unreachable, so the connections they redirected keep their NAT", () => {
    expect(delayHealScript()).toBe("*nat\n-D PREROUTING -j FENCECHECK-DELAY\nCOMMIT\n");
  });

  it("probe with a bounded connection attempt", () => {
    expect(probeScript("10.77.0.10", 9, 0.5)).toBe("timeout 0.5 bash -c 'exec 3<>/dev/tcp/10.77.0.10/9' 2>/dev/null");
  });

  it("keeps a host with quotes one word: running the probe and the port probe never runs what the host holds", () => {
    const dir = mkdtempSync(join(tmpdir(), "fc-quote-"));
    try {
      const host = `x'; touch ${dir}/probe; '"; touch ${dir}/probe2; "`;
      spawnSync("sh", ["-c", probeScript(host, 9, 0.5)]);
      spawnSync("timeout", ["1", "bash", "-c", portProbeScript(host, 9)]);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
