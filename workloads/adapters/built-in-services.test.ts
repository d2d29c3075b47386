import { describe, expect, it } from "vitest";
import { builtInAdapters } from "./built-in-adapters.js";
import { BUILT_IN_SERVICES, builtInClock, builtInService, lockServiceImage } from "./built-in-services.js";

const records = Object.entries(BUILT_IN_SERVICES);

describe("the built-in lock services' records", () => {
  it("are the adapter registry, in the order fencecheck list prints it", () => {
    expect(builtInAdapters().map((a) => a.name)).toEqual(Object.keys(BUILT_IN_SERVICES));
    for (const [name, record] of records) expect(builtInAdapters().find((a) => a.name === name)?.info).toBe(record.info);
  });

  it("give each service a row of the validation matrix: a one-sentence reason or a scenario variant per cell", () => {
    for (const [name, record] of records) {
      const cells = Object.entries(record.validation);
      expect(cells.length, name).toBeGreaterThan(0);
      for (const [fault, cell] of cells) {
        if ("scenario" in cell) expect(cell.scenario.variant, `${name}/${fault}`).not.toBe("");
        else {
          expect(cell.why.trim().length, `${name}/${fault}`).toBeGreaterThan(20);
          expect(cell.why, `${name}/${fault}`).not.toMatch(/\.\s+[A-Z]|\.$/);
        }
      }
    }
  });

  it("expect a design not known to break never invalid, and a known-broken one caught under some fault", () => {
    for (const [name, record] of records) {
      const expected = Object.values(record.validation).flatMap((cell) => ("expect" in cell ? [cell.expect] : []));
      if (record.knownBroken) expect(expected.some((e) => e !== "valid") || Object.values(record.validation).some((c) => "scenario" in c), name).toBe(true);
      else expect(expected, name).not.toContain("invalid");
    }
  });

  it("answer by name, and nothing for a name that is no built-in service (a module's path, a key of Object.prototype)", () => {
    expect(builtInService("etcd")).toBe(BUILT_IN_SERVICES.etcd);
    expect(builtInClock("etcd")?.support).toBe("unsupported");
    expect(lockServiceImage("zookeeper")).toBe("zookeeper");
    for (const name of ["./my-lock.mjs", "toString", "constructor"]) {
      expect(builtInService(name), name).toBeUndefined();
      expect(lockServiceImage(name), name).toBe("node");
    }
  });
});
