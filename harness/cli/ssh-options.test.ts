import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { optionsToConfig, type RunOptions } from "./options-to-config.js";
import { resolveRun } from "../run/index.js";
import { sshConfigFrom, sshHostsFrom } from "./ssh-options.js";

const dir = mkdtempSync(join(tmpdir(), "fencecheck-ssh-options-"));
const run: RunOptions = {
  lock: "reference", lockNodes: "1", storage: "fenced", storageNodes: "1", nemesis: "none", nemesisInterval: "3",
  faultOpt: [], timeLimit: "20", clients: "3", resources: "2", ttlMs: "2000", holdMs: "100", acquireTimeoutMs: "5000",
  opTimeoutMs: "10000", store: "store", runtime: "ssh",
};

describe("sshConfigFrom", () => {
  it("turns sudo on for --ssh-sudo and for any user but root, and reads the watchdog's period", () => {
    expect(sshConfigFrom({ nodes: "a" }, dir)).not.toHaveProperty("sudo");
    expect(sshConfigFrom({ nodes: "a", sshSudo: true }, dir)).toMatchObject({ user: "root", sudo: true });
    expect(sshConfigFrom({ nodes: "a", sshUser: "deploy" }, dir)).toMatchObject({ user: "deploy", sudo: true });
    expect(sshConfigFrom({ nodes: "a", hostWatchdogS: "5" }, dir)).toMatchObject({ watchdogS: 5 });
  });

  it.each(["1", "0", "2.5", "x", "86401", ""])("refuses --host-watchdog-s %j", (value) => {
    expect(() => sshConfigFrom({ nodes: "a", hostWatchdogS: value }, dir)).toThrow(`--host-watchdog-s "${value}" is not a whole number of seconds from 2 to 86400`);
  });

  it("refuses a user name a shell or sudo could read as more", () => {
    expect(() => sshConfigFrom({ nodes: "a", sshUser: "x; rm" }, dir)).toThrow(/--ssh-user "x; rm" is not a user name/);
  });

  it("reads a hosts file, one a line, comments aside, with root and port 22 by default", () => {
    writeFileSync(join(dir, "hosts"), "# lab\n10.0.0.1\n10.0.0.2 # spare\n\n");
    expect(sshConfigFrom({ nodesFile: "hosts", sshKey: "k" }, dir)).toMatchObject({
      hosts: ["10.0.0.1", "10.0.0.2"], user: "root", port: 22, keyFile: join(dir, "k"), acceptNewHostKeys: false,
    });
  });

  it("refuses no hosts, both lists, a host twice and a bad port, naming the option", () => {
    expect(() => sshConfigFrom({}, dir)).toThrow(/needs hosts: --nodes n1,n2,... or --nodes-file FILE/);
    expect(() => sshConfigFrom({ nodes: "a", nodesFile: "hosts" }, dir)).toThrow(/--nodes or --nodes-file, not both/);
    expect(() => sshConfigFrom({ nodes: "a,a" }, dir)).toThrow(/listed twice/);
    expect(() => sshConfigFrom({ nodes: "a", sshPort: "99999" }, dir)).toThrow(/--ssh-port "99999" is not a port/);
    expect(() => sshConfigFrom({ nodesFile: "missing" }, dir)).toThrow(/Cannot read hosts file/);
  });
});

describe("the hosts and placement", () => {
  it.each(["h1,h'2", "h1,h 2", 'h"3', "h;4", "$(id)", "-oProxyCommand=x"])("refuses host list %j up front with config.invalid (exit 254), naming the host", (nodes) => {
    expect(() => sshConfigFrom({ nodes }, dir)).toThrow(expect.objectContaining({ code: "config.invalid", message: expect.stringMatching(/^Cannot use the ssh runtime: host ".*" is not a host name or address/) }));
  });

  it("accepts names, IPv4 and IPv6 addresses", () => {
    expect(sshConfigFrom({ nodes: "db-1.example.org,10.0.0.2,fe80::1,n_4" }, dir).hosts).toEqual(["db-1.example.org", "10.0.0.2", "fe80::1", "n_4"]);
  });

  it("records where every node of the run goes, the placement file's choices first", async () => {
    writeFileSync(join(dir, "placement"), "c3 h1\n");
    expect(sshHostsFrom({ nodes: "h1,h2,h3", placement: "placement" }, dir).placement).toEqual({ c3: "h1" });
    const resolved = await resolveRun(optionsToConfig(run, { cwd: dir, defaultSeed: 1, argv: [] }), { sshHosts: () => sshHostsFrom({ nodes: "h1,h2,h3", placement: "placement" }, dir) });
    expect(resolved.config.ssh?.placement).toEqual({ l1: "h1", s1: "h2", c1: "h2", c2: "h3", c3: "h1" });
  });
});
