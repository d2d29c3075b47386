import { describe, expect, it } from "vitest";
import { healScript, partitionScript } from "../common/partition-rules.js";
import { delayHealScript, delayScript, lossHealScript } from "../common/traffic-rules.js";
import { jumpComment } from "./host-cleanup.js";
import { withJumpComment } from "./remote-network.js";

const comment = jumpComment("00112233aabbccdd", "abc12345");

describe("the jumps a run adds to and deletes from a host's chains", () => {
  it("carry the run's comment, so that clean tells them from other runs'", () => {
    expect(withJumpComment(partitionScript(["10.0.0.2"], true), comment)).toContain(`-I INPUT -m comment --comment ${comment} -j FENCECHECK\n`);
    expect(withJumpComment(healScript(), comment)).toContain(`-D INPUT -m comment --comment ${comment} -j FENCECHECK\n`);
    expect(withJumpComment(lossHealScript(), comment)).toContain(`-D INPUT -m comment --comment ${comment} -j FENCECHECK-LOSS\n`);
    const redirect = { host: "10.0.0.2", port: 7001, proxyPort: 47001 };
    expect(withJumpComment(delayScript([redirect], true), comment)).toContain(`-I PREROUTING -m comment --comment ${comment} -j FENCECHECK-DELAY\n`);
    expect(withJumpComment(delayHealScript(), comment)).toContain(`-D PREROUTING -m comment --comment ${comment} -j FENCECHECK-DELAY\n`);
  });

  it("leave every other line as it was", () => {
    const input = partitionScript(["10.0.0.2"], false, { keepTcpPort: 22 });
    expect(withJumpComment(input, comment)).toBe(input);
  });
});
