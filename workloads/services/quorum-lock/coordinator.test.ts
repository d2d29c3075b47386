import { describe, expect, it } from "vitest";
import { createAcceptor, type Acceptor } from "./acceptor.js";
import { createCoordinator, type Coordinator, type PeerCall } from "./coordinator.js";
import { bigintOf, decodeProposal, encodeVote } from "./wire.js";

/** N in-memory acceptors on one manual clock; `links` says who can reach whom. */
function cluster(n: number) {
  let now = 1_000;
  const acceptors: Acceptor[] = Array.from({ length: n }, () => createAcceptor(() => now));
  const cut = new Set<string>();
  function call(from: number, to: number): PeerCall {
    return async (path, body) => {
      if (cut.has(`${from}-${to}`)) throw new Error("partitioned");
      const acceptor = acceptors[to] as Acceptor;
      if (path === "/peer/vote") return encodeVote(acceptor.vote(decodeProposal(body)!));
      const b = body as { resource: string; holder: string; token: string };
      return { release: acceptor.release(b.resource, b.holder, bigintOf(b.token)!) };
    };
  }
  return {
    coordinator(at: number, quorum: number): Coordinator {
      const peers = acceptors.flatMap((_, i) => (i === at ? [] : [call(at, i)]));
      return createCoordinator({ local: acceptors[at] as Acceptor, peers, quorum });
    },
    /** Cuts every link between the two sides, both ways. */
    partition(a: readonly number[], b: readonly number[]) {
      for (const x of a) for (const y of b) cut.add(`${x}-${y}`).add(`${y}-${x}`);
    },
    heal: () => cut.clear(),
    advance: (ms: number) => void (now += ms),
  };
}

describe("quorum lock coordinator", () => {
  it("grants with a majority and refuses the minority side of a partition", async () => {
    const c = cluster(3);
    c.partition([0], [1, 2]);
    expect(await c.coordinator(0, 2).acquire("r", "a", 1000)).toEqual({ kind: "no-quorum", votes: 1, answered: 1 });
    expect(await c.coordinator(1, 2).acquire("r", "b", 1000)).toMatchObject({ kind: "granted", token: 1n, votes: 2 });
  });

  it("makes a second holder wait while a majority promised the lease, because majorities share a member", async () => {
    const c = cluster(3);
    c.partition([0], [2]); // 0 and 2 each see 1 only: their majorities {0,1} and {1,2} meet at 1
    expect(await c.coordinator(0, 2).acquire("r", "a", 1000)).toMatchObject({ kind: "granted", token: 1n });
    expect(await c.coordinator(2, 2).acquire("r", "b", 1000)).toMatchObject({ kind: "busy", holder: "a" });
    c.advance(1000);
    // Token 2 was spent on the refused attempt (node 2 voted for it): tokens skip, never repeat.
    expect(await c.coordinator(2, 2).acquire("r", "b", 1000)).toMatchObject({ kind: "granted", token: 3n });
  });

  it("lets two sides of a 2|2 partition grant the same token when the quorum is 2 of 4", async () => {
    const c = cluster(4);
    c.partition([0, 1], [2, 3]);
    const left = await c.coordinator(0, 2).acquire("r", "a", 1000);
    const right = await c.coordinator(2, 2).acquire("r", "b", 1000);
    expect(left).toMatchObject({ kind: "granted", token: 1n });
    expect(right).toMatchObject({ kind: "granted", token: 1n });
  });

  it("keeps a 2|2 partition unavailable on both sides with a quorum of 3 of 4", async () => {
    const c = cluster(4);
    c.partition([0, 1], [2, 3]);
    expect(await c.coordinator(0, 3).acquire("r", "a", 1000)).toMatchObject({ kind: "no-quorum" });
    expect(await c.coordinator(2, 3).acquire("r", "b", 1000)).toMatchObject({ kind: "no-quorum" });
  });

  it("moves a coordinator that missed grants past the tokens the others voted for", async () => {
    const c = cluster(3);
    c.partition([2], [0, 1]);
    const a = c.coordinator(0, 2);
    const first = await a.acquire("r", "a", 1000);
    expect(await a.release("r", "a", 5n)).toBe("not-holder");
    expect(first).toMatchObject({ kind: "granted", token: 1n });
    expect(await a.release("r", "a", 1n)).toBe("released");
    c.heal();
    expect(await c.coordinator(2, 2).acquire("r", "b", 1000)).toMatchObject({ kind: "granted", token: 2n });
  });

  it("reports a release without a quorum of acknowledgements as unavailable", async () => {
    const c = cluster(3);
    expect(await c.coordinator(0, 2).acquire("r", "a", 1000)).toMatchObject({ kind: "granted" });
    c.partition([0], [1, 2]);
    expect(await c.coordinator(0, 2).release("r", "a", 1n)).toBe("unavailable");
    c.heal();
    expect(await c.coordinator(1, 2).release("r", "a", 1n)).toBe("released");
  });
});
