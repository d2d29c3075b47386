import { describe, expect, it } from "vitest";
import { cleanupScript, parseCleanup, runFolder } from "./host-cleanup.js";

describe("cleanupScript", () => {
  it("kills one run's marked processes, removes our chains and that run's folder", () => {
    const script = cleanupScript("abc123");
    expect(script).toContain("grep -q '^FENCECHECK_RUN=abc123$'");
    expect(script).toContain("iptables -w -t filter -D INPUT -j FENCECHECK ");
    expect(script).toContain("iptables -w -t filter -X FENCECHECK-LOSS");
    expect(script).toContain("iptables -w -t nat -D PREROUTING -j FENCECHECK-DELAY");
    expect(script).toContain(`rm -rf ${runFolder("abc123")}\n`);
  });

  it("without a run id reaches every run's processes and folders", () => {
    const script = cleanupScript(undefined);
    expect(script).toContain("grep -q '^FENCECHECK_RUN='");
    expect(script).toContain("rm -rf /var/tmp/fencecheck/*");
  });
});

describe("parseCleanup", () => {
  it("reads the counts the script printed", () => {
    expect(parseCleanup("killed 3\nchains 2\n")).toEqual({ processes: 3, chains: 2 });
    expect(parseCleanup("")).toEqual({ processes: 0, chains: 0 });
  });
});
