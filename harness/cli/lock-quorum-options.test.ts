import { describe, expect, it } from "vitest";
import { HarnessError } from "../../core/index.js";
import { optionsToConfig, type RunOptions } from "./options-to-config.js";

const defaults: RunOptions = {
  lock: "quorum", lockNodes: "3", storage: "fenced", storageNodes: "1", nemesis: "none", nemesisInterval: "3",
  faultOpt: [], timeLimit: "20", clients: "5", resources: "2", ttlMs: "2000", holdMs: "100", acquireTimeoutMs: "3000",
  opTimeoutMs: "10000", store: "store", runtime: "local",
};
const env = { cwd: "/work/x", defaultSeed: 42, argv: ["run"] };

describe("--lock-quorum and --lock-witnesses", () => {
  it("leave quorum and witnesses out of the configuration when not given", () => {
    const { lock } = optionsToConfig(defaults, env);
    expect(lock).toEqual({ adapter: "quorum", nodes: 3 });
  });

  it("carry the quorum and the witness count into the lock configuration", () => {
    const { lock } = optionsToConfig({ ...defaults, lockQuorum: "2", lockWitnesses: "1" }, env);
    expect(lock).toEqual({ adapter: "quorum", nodes: 3, quorum: 2, witnesses: 1 });
  });

  it("refuse a quorum below one and a negative witness count", () => {
    expect(() => optionsToConfig({ ...defaults, lockQuorum: "0" }, env)).toThrow(HarnessError);
    expect(() => optionsToConfig({ ...defaults, lockWitnesses: "-1" }, env)).toThrow(/--lock-witnesses "-1"/);
  });
});
