import ssh2 from "ssh2";
import { describe, expect, it } from "vitest";
import { ed25519KeyPair } from "./ssh-key-pair.js";

describe("ed25519KeyPair", () => {
  it("draws again past a pair ssh2 cannot read back, and gives one it can", () => {
    const good = ssh2.utils.generateKeyPairSync("ed25519");
    let draws = 0;
    const utils = {
      ...ssh2.utils,
      // The first draw is the malformed kind ssh2 sometimes makes: a public key one byte short.
      generateKeyPairSync: () => (++draws === 1 ? { private: good.private, public: good.public.replace(/ \S+$/, " AAAAC3NzaC1lZDI1NTE5AAAAHw==") } : good),
    } as unknown as typeof ssh2.utils;
    expect(ed25519KeyPair(utils)).toBe(good);
    expect(draws).toBe(2);
  });

  it("gives pairs both of whose halves parse, draw after draw", () => {
    for (let i = 0; i < 300; i++) {
      const pair = ed25519KeyPair(ssh2.utils);
      expect(ssh2.utils.parseKey(pair.private)).not.toBeInstanceOf(Error);
      expect(ssh2.utils.parseKey(pair.public)).not.toBeInstanceOf(Error);
    }
  });
});
