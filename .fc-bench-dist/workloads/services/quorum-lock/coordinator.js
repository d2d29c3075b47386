import { collectUntil } from "./collect-until.js";
import { decodeReleaseVote, decodeVote, encodeProposal } from "./wire.js";
const MAX_ROUNDS = 3;
/** Creates a coordinator over this node's acceptor and its peers. */
export function createCoordinator(deps) {
    const { local, peers, quorum } = deps;
    async function round(proposal) {
        const asks = [
            Promise.resolve(local.vote(proposal)),
            ...peers.map((call) => call("/peer/vote", encodeProposal(proposal)).then(decodeVote)),
        ];
        // Answer as soon as a quorum said yes; a partitioned peer does not hold up a grant.
        return collectUntil(asks, (votes) => votes.filter((v) => v?.kind === "yes").length >= quorum);
    }
    async function acquire(resource, holder, ttlMs) {
        let known = local.highest(resource);
        for (let r = 1;; r++) {
            const token = known + 1n;
            const votes = await round({ resource, token, holder, ttlMs });
            const yes = votes.filter((v) => v?.kind === "yes").length;
            if (yes >= quorum)
                return { kind: "granted", token, votes: yes };
            if (yes > 0)
                void release(resource, holder, token).catch(() => undefined);
            const answered = votes.filter(Boolean).length;
            // Too few answers to ever make a quorum: unavailable, whatever the answers said.
            if (answered < quorum)
                return { kind: "no-quorum", votes: yes, answered };
            const busy = votes.find((v) => v?.kind === "busy");
            if (busy)
                return { kind: "busy", holder: busy.holder, votes: yes };
            const stale = votes.flatMap((v) => (v?.kind === "stale-token" ? [v.highest] : []));
            if (stale.length === 0 || r >= MAX_ROUNDS)
                return { kind: "no-quorum", votes: yes, answered };
            known = stale.reduce((a, b) => (b > a ? b : a), known);
        }
    }
    async function release(resource, holder, token) {
        const body = { resource, holder, token: token.toString() };
        const asks = [
            Promise.resolve(local.release(resource, holder, token)),
            ...peers.map((call) => call("/peer/release", body).then(decodeReleaseVote)),
        ];
        const acked = (v) => v === "released" || v === "absent";
        const answers = await collectUntil(asks, (vs) => vs.filter(acked).length >= quorum);
        const released = answers.filter((v) => v === "released").length;
        if (answers.filter(acked).length >= quorum)
            return released > 0 ? "released" : "not-holder";
        return released === 0 && answers.includes("other-holder") ? "not-holder" : "unavailable";
    }
    return { acquire, release };
}
//# sourceMappingURL=coordinator.js.map