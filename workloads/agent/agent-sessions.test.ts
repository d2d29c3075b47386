import { describe, expect, it } from "vitest";
import { DEFAULT_WORKLOAD, workloads } from "../registry.js";
import { AGENT_DEFAULT_WORKLOAD, AGENT_SESSIONS, agentSessionFor } from "./agent-sessions.js";

describe("the agent's table of sessions", () => {
  it("gives every registered workload the very session its registry entry names, and nothing more", () => {
    for (const w of workloads()) expect(agentSessionFor(w.name), w.name).toBe(w.session);
    expect(Object.keys(AGENT_SESSIONS).sort()).toEqual(workloads().map((w) => w.name).sort());
    expect(AGENT_DEFAULT_WORKLOAD).toBe(DEFAULT_WORKLOAD);
  });

  it("refuses a workload it does not know, naming the ones it does", () => {
    expect(() => agentSessionFor("nope")).toThrow('workload "nope" is not one it knows (known: lock-write, lock-mutex)');
  });
});
