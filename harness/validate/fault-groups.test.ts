import { describe, expect, it } from "vitest";
import { faultGroup, groupFaults } from "./fault-groups.js";
import { FAULTS } from "./validation-table.js";

describe("the validate page's fault groups", () => {
  it("puts kills with crashes, fsync losses with power loss, partitions, loss and delay with the network", () => {
    expect(["kill-lock", "kill-after-grant", "lose-unfsynced-storage", "partition-halves(lock)", "loss", "delay"].map(faultGroup))
      .toEqual(["crashes", "crashes", "power loss", "network", "network", "network"]);
  });

  it("puts pauses, clock faults and the fault-free cell each in their own group, and a name it does not know in other", () => {
    expect(["pause(storage,client)", "clock-jump(lock)", "none", "bit-flip"].map(faultGroup)).toEqual(["pauses", "clocks", "no fault", "other"]);
  });

  it("keeps every fault of the table exactly once, in the table's order within its group", () => {
    const groups = groupFaults(FAULTS.map((f) => f.name));
    expect(groups.flatMap((g) => g.faults).sort()).toEqual(FAULTS.map((f) => f.name).sort());
    expect(groups.find((g) => g.name === "crashes")?.faults).toEqual(["kill-storage", "kill-lock", "kill-after-grant"]);
    expect(groups.map((g) => g.name)).not.toContain("other");
  });

  it("leaves out a group with no fault", () => {
    expect(groupFaults(["loss", "none"])).toEqual([{ name: "network", faults: ["loss"] }, { name: "no fault", faults: ["none"] }]);
  });
});
