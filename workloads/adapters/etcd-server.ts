/**
 * How to run one member of a 3-node etcd cluster from Debian's
 * /usr/bin/etcd: client port = the node's port, peer port = the next one.
 *
 * Members are started one by one (`startOrder: "one-by-one"`): etcd 3.4
 * bootstrapping a new cluster first asks each peer whether it already
 * belongs to one, and a peer that listens but does not serve yet holds that
 * question for a second, so members started together lose one second per
 * peer. Started in turn, each finds its predecessors serving (or nobody
 * listening) and the cluster forms in well under a second.
 */
import { requestJson } from "./http-json.js";
import type { LockServiceLaunch, LockServiceNode } from "./lock-adapter.js";

/** Where one node's peers talk to it: the client port plus one. */
function peerUrl(node: LockServiceNode): string {
  return `http://${node.host}:${node.port + 1}`;
}

/** The command line of one member (pure). */
export function etcdArgv(node: LockServiceNode, peers: readonly LockServiceNode[]): string[] {
  const client = `http://${node.host}:${node.port}`;
  return [
    "/usr/bin/etcd", "--name", node.id, "--data-dir", node.dataDir,
    "--listen-client-urls", client, "--advertise-client-urls", client,
    "--listen-peer-urls", peerUrl(node), "--initial-advertise-peer-urls", peerUrl(node),
    "--initial-cluster", peers.map((p) => `${p.id}=${peerUrl(p)}`).join(","),
    "--initial-cluster-state", "new", "--initial-cluster-token", "fencecheck",
    "--heartbeat-interval", "100", "--election-timeout", "1000", "--logger", "zap", "--log-level", "warn",
  ];
}

/** One member: ready once its /health says true, which etcd answers only when the member knows a leader. */
export function etcdLaunch(node: LockServiceNode, peers: readonly LockServiceNode[]): LockServiceLaunch {
  return {
    argv: etcdArgv(node, peers),
    async ready() {
      try {
        const answer = await requestJson({ method: "GET", url: `http://${node.host}:${node.port}/health`, timeoutMs: 1000 });
        return answer.status === 200 && (answer.body as { health?: unknown } | undefined)?.health === "true";
      } catch {
        return false;
      }
    },
    readyTimeoutMs: 15_000,
  };
}
