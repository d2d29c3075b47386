import { describe, expect, it } from "vitest";
import type { Belief, LeaseOverlap } from "../checkers/index.js";
import { overlapSentence } from "./findings.js";

function belief(process: number, token: string | undefined): Belief {
  return { process, node: `c${process}`, resource: "r1", token, acquireInvokedAt: 0, grantedAt: 10e6, until: 3000e6, releasedAt: undefined };
}

function overlapOf(first: Belief, second: Belief): LeaseOverlap {
  return {
    resource: "r1", first, second, overlapStart: 2500e6, overlapEnd: 3000e6, afterExpiry: true, certain: false,
    earlierWrites: "rejected", savedByFencing: true,
  };
}

describe("the sentence for a lease overlap", () => {
  it("names each holder's token", () => {
    expect(overlapSentence(overlapOf(belief(1, "33"), belief(2, "34")))).toMatch(/^Client 1 \(token 33\) and client 2 \(token 34\) both believed they held r1 from /);
  });

  it("says a lease of a service without fencing tokens had none, rather than printing undefined", () => {
    const text = overlapSentence(overlapOf(belief(1, undefined), belief(2, undefined)));
    expect(text).toMatch(/^Client 1 \(no token\) and client 2 \(no token\) both believed/);
    expect(text).not.toContain("undefined");
  });

  it("credits fencing only when the earlier holder's lease carried a token", () => {
    expect(overlapSentence(overlapOf(belief(1, "33"), belief(2, "34")))).toContain("Storage rejected client 1's later writes: fencing saved the data.");
    const tokenless = overlapOf(belief(1, undefined), belief(2, undefined));
    expect(overlapSentence(tokenless)).toMatch(/Storage rejected client 1's later writes\.$/);
    expect(overlapSentence({ ...tokenless, earlierWrites: "accepted", savedByFencing: false }))
      .toMatch(/Storage accepted a write of client 1 after the second grant, which carried no token to fence it by\.$/);
  });
});
