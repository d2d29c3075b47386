/**
 * Who leads an etcd cluster: every endpoint is asked at once for its
 * status (which names the member it believes leads) and its member list
 * (which maps that member's id to its client URL). A member cut off from
 * the others may still believe in an old leader for a moment, so the
 * answer is the leader most members name (ties: the first endpoint's).
 */
import { Etcd3 } from "etcd3";
import { noop } from "cockatiel";
import { withDeadline } from "./adapter-helpers.js";

const ASK_MS = 1000;

/** The client endpoint ("host:port") of the leader most members name, or undefined when none names one. */
export async function etcdLeader(endpoints: readonly string[]): Promise<string | undefined> {
  const views = await Promise.all(endpoints.map((endpoint) => leaderSeenFrom(endpoint)));
  const votes = new Map<string, number>();
  for (const view of views) if (view !== undefined) votes.set(view, (votes.get(view) ?? 0) + 1);
  let best: string | undefined;
  for (const [leader, count] of votes) if (best === undefined || count > (votes.get(best) ?? 0)) best = leader;
  return best;
}

/** The client endpoint of the leader one member believes in, or undefined (no leader, no answer). */
async function leaderSeenFrom(endpoint: string): Promise<string | undefined> {
  const etcd = new Etcd3({ hosts: [endpoint], dialTimeout: ASK_MS / 2, faultHandling: { host: () => noop, global: noop } });
  try {
    const status = await withDeadline(etcd.maintenance.status(), ASK_MS, "ask etcd for its status");
    if (status.leader === "0" || status.leader === "") return undefined;
    const list = await withDeadline(etcd.cluster.memberList({}), ASK_MS, "list the etcd members");
    const url = list.members.find((m) => m.ID === status.leader)?.clientURLs[0];
    return url === undefined ? undefined : url.replace(/^https?:\/\//, "").replace(/\/+$/, "");
  } catch {
    return undefined;
  } finally {
    etcd.close();
  }
}
