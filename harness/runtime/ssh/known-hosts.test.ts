import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keysFor, keyType, knownHostsLine } from "./known-hosts.js";

const ED = Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from("ssh-ed25519"), Buffer.from([0, 0, 0, 4, 1, 2, 3, 4])]);
const B64 = ED.toString("base64");

function hashed(name: string): string {
  const salt = Buffer.from("0123456789abcdefghij");
  return `|1|${salt.toString("base64")}|${createHmac("sha1", salt).update(name).digest("base64")}`;
}

describe("keysFor", () => {
  it("finds a plain entry, in a comma list too", () => {
    expect(keysFor(`10.0.0.1 ssh-ed25519 ${B64}\n`, "10.0.0.1", 22).known).toEqual([{ type: "ssh-ed25519", blob: ED }]);
    expect(keysFor(`n1,10.0.0.1 ssh-ed25519 ${B64}\n`, "10.0.0.1", 22).known).toHaveLength(1);
  });

  it("uses the [host]:port form off port 22, and only there", () => {
    expect(keysFor(`[10.0.0.1]:2222 ssh-ed25519 ${B64}\n`, "10.0.0.1", 2222).known).toHaveLength(1);
    expect(keysFor(`[10.0.0.1]:2222 ssh-ed25519 ${B64}\n`, "10.0.0.1", 22).known).toHaveLength(0);
  });

  it("matches a hashed name", () => {
    expect(keysFor(`${hashed("10.0.0.1")} ssh-ed25519 ${B64}\n`, "10.0.0.1", 22).known).toHaveLength(1);
    expect(keysFor(`${hashed("10.0.0.2")} ssh-ed25519 ${B64}\n`, "10.0.0.1", 22).known).toHaveLength(0);
  });

  it("keeps revoked keys apart and skips comments, wildcards that do not match and negations", () => {
    const text = `# a comment\n@revoked 10.0.0.1 ssh-ed25519 ${B64}\n10.0.0.* ssh-rsa ${B64}\n*,!10.0.0.1 ssh-dss ${B64}\n`;
    const keys = keysFor(text, "10.0.0.1", 22);
    expect(keys.revoked).toHaveLength(1);
    expect(keys.known.map((k) => k.type)).toEqual(["ssh-rsa"]);
  });
});

describe("knownHostsLine", () => {
  it("names the key's own type", () => {
    expect(keyType(ED)).toBe("ssh-ed25519");
    expect(knownHostsLine("10.0.0.1", 2222, ED)).toBe(`[10.0.0.1]:2222 ssh-ed25519 ${B64}`);
  });
});
