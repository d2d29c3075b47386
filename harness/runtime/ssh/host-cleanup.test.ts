import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSystemClock } from "../../../core/index.js";
import { cleanHost, cleanupLine, cleanupScript, jumpComment, parseCleanup, runFolder } from "./host-cleanup.js";
import type { SshHost } from "./ssh-connection.js";

describe("cleanupScript", () => {
  const controller = { controllerId: "00112233aabbccdd" };

  it("kills one run's marked processes, removes its jumps, our chains no jump reaches, and that run's folder, and checks each", () => {
    const script = cleanupScript({ runId: "abc12345" });
    expect(script).toContain("procs=$(marked '^FENCECHECK_RUN=abc12345$'); dogs=$(marked '^FENCECHECK_WATCHDOG=abc12345$')");
    expect(script).toContain("for pid in $dogs; do kill -KILL -$pid 2>/dev/null; kill -KILL $pid");
    expect(script).toContain("case $c in fencecheck:*:abc12345) iptables -w -t filter -D INPUT -m comment --comment \"$c\" -j FENCECHECK 2>/dev/null");
    expect(script).toContain("iptables -w -t filter -X FENCECHECK-LOSS");
    expect(script).toContain("case $c in fencecheck:*:abc12345) iptables -w -t nat -D PREROUTING -m comment --comment \"$c\" -j FENCECHECK-DELAY");
    expect(script).toContain("if iptables -w -t nat -S FENCECHECK-DELAY >/dev/null 2>&1; then echo 'failed chain FENCECHECK-DELAY (table nat) is still there'");
    expect(script).toContain(`folders=${runFolder("abc12345")}`);
    expect(script).toContain('rm -rf "$d" 2>/dev/null || sleep 0.2');
    expect(script).toContain("failed processes still alive after SIGKILL");
    expect(script.trimEnd().split("\n").at(-1)).toBe("echo 'cleanup done'");
  });

  it("is read by sh (dash) without a syntax error, for each scope", () => {
    for (const script of [cleanupScript({ runId: "abc12345" }), cleanupScript({ all: true }), cleanupScript(controller)]) {
      expect(() => execFileSync("sh", ["-n"], { input: script })).not.toThrow();
    }
  });

  it("for every run reaches every marked process, jumps without a comment, and every run folder", () => {
    const script = cleanupScript({ all: true });
    expect(script).toContain("procs=$(marked '^FENCECHECK_RUN='); dogs=$(marked '^FENCECHECK_WATCHDOG=')");
    expect(script).toContain("iptables -w -t filter -D INPUT -j FENCECHECK 2>/dev/null");
    expect(script).toContain("for d in /var/lib/fencecheck/runs/*; do");
  });

  it("for this controller reaches only processes carrying its id beside a run's mark, and never a jump without a comment", () => {
    const script = cleanupScript(controller);
    expect(script).toContain("procs=$(both '^FENCECHECK_CONTROLLER=00112233aabbccdd$' '^FENCECHECK_RUN=')");
    expect(script).toContain("case $c in fencecheck:00112233aabbccdd:*)");
    expect(script).not.toContain("-D INPUT -j FENCECHECK ");
    expect(script).toContain('echo "left run $name"');
  });

  it("runs and removes nothing in a runs folder that fails the folder check, and says why in a failure line", () => {
    // sh with `id -u` answering 4242: every existing folder is then someone else's, as a planted one is.
    // No process of this machine is looked for or signalled, and no chain touched: only the folders are at stake.
    const script = `id() { echo 4242; }\nkill() { :; }\niptables() { return 1; }\n${cleanupScript({ all: true })}`
      .replace(/^marked\(\) \{.*$/m, "marked() { :; }").replaceAll("/var/lib/fencecheck", "$ROOT");
    expect(script).toContain("marked() { :; }");
    const root = mkdtempSync(join(tmpdir(), "fc-cleanup-"));
    mkdirSync(join(root, "runs", "x"), { recursive: true, mode: 0o700 });
    writeFileSync(join(root, "runs", "x", "existing-restore.sh"), `touch ${join(root, "ran")}\n`);
    const out = execFileSync("sh", ["-c", script], { encoding: "utf8", env: { ...process.env, ROOT: root } });
    expect(out).toContain(`failed Cannot use the folder "${root}": it is owned by uid ${process.getuid?.() ?? 0}, not by uid 4242`);
    expect(existsSync(join(root, "ran"))).toBe(false);
    expect(existsSync(join(root, "runs", "x"))).toBe(true);
    rmSync(root, { recursive: true, force: true });
  });

  it("keeps the folder when asked (the watchdog writes its report there)", () => {
    expect(cleanupScript({ runId: "abc12345" }, { keepFolder: true })).not.toContain("rm -rf");
  });

  it("spares the watchdog when asked (the watchdog runs it)", () => {
    expect(cleanupScript({ runId: "abc12345" }, { spareWatchdog: true })).not.toContain("for pid in $dogs");
  });

  it.each(["", "..", "../../../usr", "a/b", "x' ; rm -rf / #"])("refuses run id %j before making a script or a path", (id) => {
    expect(() => cleanupScript({ runId: id })).toThrow(expect.objectContaining({ code: "config.invalid" }));
    expect(() => runFolder(id)).toThrow(expect.objectContaining({ code: "config.invalid" }));
  });

  it.each(["", "0011", "x' ; rm -rf / #", "00112233AABBCCDD"])("refuses controller id %j", (id) => {
    expect(() => cleanupScript({ controllerId: id })).toThrow(expect.objectContaining({ code: "config.invalid" }));
    expect(() => jumpComment(id, "abc12345")).toThrow(expect.objectContaining({ code: "config.invalid" }));
  });
});

describe("parseCleanup", () => {
  it("reads the counts and the failures the script printed", () => {
    expect(parseCleanup("h", "killed 3\nchains 2\ncleanup done\n", "exit code 0")).toEqual({ host: "h", processes: 3, chains: 2, failures: [] });
    expect(parseCleanup("h", "failed chain FENCECHECK (table filter) is still there\nkilled 0\nchains 0\ncleanup done\n", "exit code 0").failures)
      .toEqual(["chain FENCECHECK (table filter) is still there"]);
  });

  it("names each thing of other runs it left alone once", () => {
    const out = "left run abc12345\nleft run\nleft chain FENCECHECK (table filter): other runs jump to it\nleft run abc12345\nkilled 0\nchains 0\ncleanup done\n";
    const result = parseCleanup("h", out, "exit code 0");
    expect(result.leftAlone).toEqual(["run abc12345", "chain FENCECHECK (table filter): other runs jump to it"]);
    expect(cleanupLine(result)).toBe('host "h": removed 0 process(es) and 0 chain(s); left alone (another control machine\'s or an older fencecheck\'s; --all removes them): run abc12345, chain FENCECHECK (table filter): other runs jump to it');
  });

  it("takes a script cut short for a failure, saying how it ended", () => {
    expect(parseCleanup("h", "", "no answer: SIGKILL")).toEqual({ host: "h", processes: 0, chains: 0, failures: ["the cleanup did not finish (no answer: SIGKILL)"] });
  });
});

describe("cleanHost", () => {
  it("turns a host whose channel cannot open into a failure naming it, without rejecting", async () => {
    const host = { target: { host: "h1" }, open: () => Promise.reject(new Error("Not connected")), close: () => undefined } as unknown as SshHost;
    const result = await cleanHost(host, "abc12345", { clock: createSystemClock() });
    expect(cleanupLine(result)).toBe('host "h1": removed 0 process(es) and 0 chain(s); could not clean: cannot run the cleanup: Not connected');
  });
});
