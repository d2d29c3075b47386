import { describe, expect, it } from "vitest";
import { HarnessError } from "../../core/index.js";
import { parseAgentConfig } from "./agent-config.js";

const good = {
  clientId: "3", lockAdapter: "reference", lockEndpoints: ["10.0.0.1:7001"], storageEndpoints: ["10.0.0.2:7002"],
  ttlMs: 1000, holdMs: 50, acquireTimeoutMs: 2000,
};

describe("parseAgentConfig", () => {
  it("returns a complete configuration as given", () => {
    expect(parseAgentConfig(JSON.stringify(good))).toEqual(good);
  });

  it.each([
    [undefined, "FENCECHECK_AGENT is not set"],
    ["{", "FENCECHECK_AGENT is not JSON"],
    [JSON.stringify({ ...good, clientId: 3 }), '"clientId" is not a non-empty string'],
    [JSON.stringify({ ...good, storageEndpoints: "x" }), '"storageEndpoints" is not a list of strings'],
    [JSON.stringify({ ...good, holdMs: -1 }), '"holdMs" is not a non-negative integer'],
  ])("refuses %s with config.invalid", (text, why) => {
    const error = (() => {
      try {
        parseAgentConfig(text);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as HarnessError).code).toBe("config.invalid");
    expect((error as HarnessError).message).toBe(`Cannot configure the agent: ${why}`);
  });
});
