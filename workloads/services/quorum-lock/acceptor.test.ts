import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAcceptor } from "./acceptor.js";
import { loadVotes, saveVotes } from "./vote-state-file.js";

function clock() {
  let now = 1_000;
  return { nowMs: () => now, advance: (ms: number) => void (now += ms) };
}

describe("quorum lock acceptor", () => {
  it("votes only for tokens above every token it voted for", () => {
    const a = createAcceptor(clock().nowMs);
    expect(a.vote({ resource: "r", token: 3n, holder: "x", ttlMs: 10 })).toEqual({ kind: "yes" });
    expect(a.release("r", "x", 3n)).toBe("released");
    expect(a.vote({ resource: "r", token: 3n, holder: "y", ttlMs: 10 })).toEqual({ kind: "stale-token", highest: 3n });
    expect(a.vote({ resource: "r", token: 2n, holder: "y", ttlMs: 10 })).toEqual({ kind: "stale-token", highest: 3n });
    expect(a.highest("r")).toBe(3n);
  });

  it("refuses another holder until the promised lease expires on its own clock", () => {
    const c = clock();
    const a = createAcceptor(c.nowMs);
    a.vote({ resource: "r", token: 1n, holder: "x", ttlMs: 100 });
    c.advance(40);
    expect(a.vote({ resource: "r", token: 2n, holder: "y", ttlMs: 100 })).toEqual({ kind: "busy", highest: 1n, holder: "x", remainingMs: 60 });
    expect(a.vote({ resource: "r", token: 2n, holder: "x", ttlMs: 100 })).toEqual({ kind: "yes" });
    c.advance(100);
    expect(a.vote({ resource: "r", token: 3n, holder: "y", ttlMs: 100 })).toEqual({ kind: "yes" });
  });

  it("releases only the holder's own token", () => {
    const a = createAcceptor(clock().nowMs);
    a.vote({ resource: "r", token: 2n, holder: "x", ttlMs: 100 });
    expect(a.release("r", "y", 2n)).toBe("other-holder");
    expect(a.release("r", "x", 1n)).toBe("other-holder");
    expect(a.release("r", "x", 3n)).toBe("absent");
    expect(a.release("r", "x", 2n)).toBe("released");
    expect(a.release("r", "x", 2n)).toBe("absent");
  });

  it("remembers its votes across a restart from the saved state", () => {
    const dir = mkdtempSync(join(tmpdir(), "votes-"));
    try {
      const c = clock();
      const first = createAcceptor(c.nowMs);
      first.vote({ resource: "r", token: 2n ** 60n, holder: "x", ttlMs: 100 });
      saveVotes(dir, first.snapshot());
      // Restarted later (its monotonic clock starts afresh): the saved promise is held a whole TTL from the load.
      c.advance(60);
      const second = createAcceptor(c.nowMs, loadVotes(dir, c.nowMs()));
      expect(second.vote({ resource: "r", token: 2n ** 60n + 1n, holder: "y", ttlMs: 100 })).toMatchObject({ kind: "busy", holder: "x", remainingMs: 100 });
      c.advance(100);
      expect(second.vote({ resource: "r", token: 2n ** 60n, holder: "y", ttlMs: 100 })).toMatchObject({ kind: "stale-token" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
