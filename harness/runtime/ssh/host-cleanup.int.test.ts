/**
 * The host cleanup script, run by sh as root on this machine in a network
 * namespace of its own (its iptables chains are the namespace's): it kills
 * only the processes, removes only the jumps and folders of its scope, and
 * names the other runs it left. The controller ids and run ids are drawn
 * for this test, so no other run on this machine is reached. Needs root.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupScript, CONTROLLER_FILE, jumpComment, parseCleanup, runFolder } from "./host-cleanup.js";

const namespace = `fchc${process.pid.toString(36)}`;
const ours = randomBytes(8).toString("hex");
const theirs = randomBytes(8).toString("hex");
const run = (): string => randomBytes(6).toString("base64url").toLowerCase().replace(/[^0-9a-z]/g, "0").slice(0, 8);
const [mine, foreign, older] = [run(), run(), run()];
const children: ChildProcess[] = [];

const inNamespace = (argv: string[], input?: string): string =>
  execFileSync("ip", ["netns", "exec", namespace, ...argv], { encoding: "utf8", ...(input === undefined ? {} : { input }) });
const jumps = (): string => inNamespace(["iptables", "-w", "-S", "INPUT"]);
const alive = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

/** A process marked as a run's on a host, as ssh-node-driver.ts marks them. */
function marked(env: Record<string, string>): ChildProcess {
  const child = spawn("sleep", ["1000"], { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env }, stdio: "ignore" });
  children.push(child);
  return child;
}

beforeAll(() => {
  execFileSync("ip", ["netns", "add", namespace]);
  inNamespace(["iptables-restore", "-w", "--noflush"], [
    "*filter", ":FENCECHECK - [0:0]",
    `-I INPUT -m comment --comment ${jumpComment(ours, mine)} -j FENCECHECK`,
    `-I INPUT -m comment --comment ${jumpComment(theirs, foreign)} -j FENCECHECK`,
    "COMMIT", "",
  ].join("\n"));
  for (const [id, controller] of [[mine, ours], [foreign, theirs]] as const) {
    mkdirSync(runFolder(id), { recursive: true });
    writeFileSync(`${runFolder(id)}/${CONTROLLER_FILE}`, `${controller}\n`);
  }
  mkdirSync(runFolder(older), { recursive: true });
});

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  execFileSync("ip", ["netns", "del", namespace]);
  for (const id of [mine, foreign, older]) rmSync(runFolder(id), { recursive: true, force: true });
});

describe("the host cleanup of this controller's runs", () => {
  it("kills and removes only what carries this controller's id, and names the runs it left", async () => {
    const ourProcess = marked({ FENCECHECK_RUN: mine, FENCECHECK_CONTROLLER: ours });
    const theirProcess = marked({ FENCECHECK_RUN: foreign, FENCECHECK_CONTROLLER: theirs });
    const olderProcess = marked({ FENCECHECK_RUN: older });
    await new Promise((resolve) => setTimeout(resolve, 200));

    const result = parseCleanup("here", inNamespace(["sh"], cleanupScript({ controllerId: ours })), "exit code 0");

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(ourProcess)).toBe(false);
    expect([alive(theirProcess), alive(olderProcess)]).toEqual([true, true]);
    expect(jumps()).not.toContain(jumpComment(ours, mine));
    expect(jumps()).toContain(jumpComment(theirs, foreign));
    expect([existsSync(runFolder(mine)), existsSync(runFolder(foreign)), existsSync(runFolder(older))]).toEqual([false, true, true]);
    expect(result).toMatchObject({ processes: 1, chains: 1, failures: [] });
    expect(result.leftAlone).toEqual(expect.arrayContaining([`run ${foreign}`, `run ${older}`, "chain FENCECHECK (table filter): other runs jump to it"]));
  });

  it("then cleans a run named by its id whichever controller started it, and drops the chain no jump reaches any more", async () => {
    const result = parseCleanup("here", inNamespace(["sh"], cleanupScript({ runId: foreign })), "exit code 0");

    expect(result).toMatchObject({ processes: 1, chains: 1, failures: [] });
    expect(jumps()).not.toContain("FENCECHECK");
    expect(() => inNamespace(["iptables", "-w", "-S", "FENCECHECK"])).toThrow();
    expect(existsSync(runFolder(foreign))).toBe(false);
  });
});
