/**
 * Test support: one integration test file's sandbox of SSH hosts. `up`
 * builds (or finds) the host image for its inputs and runs it under its
 * exact tag (another build may retag fencecheck/host:local meanwhile);
 * `onHost` and `leftovers` look at a host through Docker, never through our
 * SSH code, so what they report does not depend on the code under test.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSystemClock } from "../../../../core/index.js";
import { connectEngine } from "../../docker/index.js";
import { buildHostImage } from "../sandbox/host-image.js";
import { hostsDown, hostsUp, type Sandbox } from "../sandbox/sandbox-hosts.js";

/** The marks of what a run leaves on a host: its processes and its watchdog. */
export const RUN_MARKS = "FENCECHECK_(RUN|WATCHDOG)=";

export interface TestSandbox {
  /** A fresh folder for the file (hosts file, keys, stores); removed by `down`. */
  readonly dir: string;
  /** The hosts, once `up` resolved. */
  readonly sandbox: () => Sandbox;
  /** The ssh options of `fencecheck run` that reach the hosts, once `up` resolved. */
  readonly sshArgs: () => string[];
  up(): Promise<void>;
  /** Removes the hosts (unless KEEP_SANDBOX is set) and the folder. */
  down(): Promise<void>;
  /** Runs a shell command on host i (1-based) through `docker exec`; returns its stdout. */
  onHost(i: number, script: string): string;
  /**
   * What is left on every host: each process whose environment carries a
   * mark matching `marks` (an extended regex; with its state), our chains,
   * and, with `folders`, the run folders under /var/lib/fencecheck/runs.
   */
  leftovers(opts?: { marks?: string; folders?: boolean }): string[];
}

/** A sandbox of `count` hosts named `fencecheck-<name>-<i>`. */
export function testSandbox(name: string, count: number): TestSandbox {
  const engine = connectEngine();
  const clock = createSystemClock();
  const dir = mkdtempSync(join(tmpdir(), `fencecheck-${name}-`));
  let sandbox: Sandbox | undefined;
  const up = (): Sandbox => {
    if (sandbox === undefined) throw new Error(`sandbox "${name}" is not up`);
    return sandbox;
  };
  const onHost = (i: number, script: string): string =>
    execFileSync("docker", ["exec", `fencecheck-${name}-${i}`, "sh", "-c", script], { encoding: "utf8" });
  return {
    dir,
    sandbox: up,
    sshArgs: () => up().runOptions.split(" "),
    async up() {
      const image = await buildHostImage(engine, { clock });
      sandbox = await hostsUp(engine, { count, dir, name, clock, image: image.image });
    },
    async down() {
      if (process.env["KEEP_SANDBOX"] === undefined) await hostsDown(engine, name);
      rmSync(dir, { recursive: true, force: true });
    },
    onHost,
    leftovers({ marks = RUN_MARKS, folders = true } = {}) {
      const hosts = Array.from({ length: count }, (_, i) => i + 1);
      return hosts.flatMap((i) => onHost(i, [
        `for p in /proc/[0-9]*; do tr '\\0' '\\n' 2>/dev/null < $p/environ | grep -Eq '^${marks}' && echo "process \${p#/proc/} $(grep '^State' $p/status 2>/dev/null)"; done`,
        "iptables -S | grep FENCECHECK; iptables -t nat -S | grep FENCECHECK",
        ...(folders ? ["ls /var/lib/fencecheck/runs 2>/dev/null"] : []),
        "true",
      ].join("; ")).split("\n").filter(Boolean).map((line) => `host ${i}: ${line}`));
    },
  };
}
