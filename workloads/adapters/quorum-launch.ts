/**
 * How the harness starts one node of the quorum lock service: which nodes
 * are witnesses, what quorum they use, and how to tell when a node is up.
 */
import { HarnessError } from "../../core/index.js";
import { launchProgramPath } from "../entrypoints.js";
import { endpointUrl } from "./endpoint-url.js";
import { requestJson } from "./http-json.js";
import type { LockServiceLaunch, LockServiceNode, LockServiceSettings } from "./lock-adapter.js";

/**
 * The launch of `node`: `peers` are all the service's nodes (with or
 * without `node` itself). Nodes are ordered by id (l1, l2, ... l10); the
 * last `settings.witnesses` of them are witnesses; `settings.quorum`
 * defaults to a majority of all nodes. Throws `config.invalid` when the
 * quorum or witness count cannot fit the nodes.
 */
export function quorumLaunch(
  node: LockServiceNode,
  peers: readonly LockServiceNode[],
  settings: LockServiceSettings = {},
): LockServiceLaunch {
  const all = [...peers.filter((p) => p.id !== node.id), node].sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }));
  const quorum = settings.quorum ?? Math.floor(all.length / 2) + 1;
  const witnesses = settings.witnesses ?? 0;
  if (quorum < 1 || quorum > all.length) {
    throw new HarnessError("config.invalid", `Cannot start the quorum lock: --lock-quorum "${quorum}" must be between 1 and the ${all.length} lock nodes`);
  }
  if (witnesses < 0 || witnesses >= all.length) {
    throw new HarnessError("config.invalid", `Cannot start the quorum lock: --lock-witnesses "${witnesses}" must leave at least one of the ${all.length} lock nodes a replica`);
  }
  const witness = all.indexOf(node) >= all.length - witnesses;
  const others = all.filter((p) => p.id !== node.id).map((p) => `${p.host}:${p.port}`);
  const base = endpointUrl(`${node.host}:${node.port}`);
  return {
    argv: [
      process.execPath, launchProgramPath("quorum-lock"),
      "--host", node.host, "--port", String(node.port), "--data-dir", node.dataDir, "--node", node.id,
      "--quorum", String(quorum), "--peers", others.join(","),
      ...(witness ? ["--witness"] : []),
    ],
    async ready(): Promise<boolean> {
      try {
        return (await requestJson({ method: "GET", url: `${base}/health`, timeoutMs: 1000 })).status === 200;
      } catch {
        return false;
      }
    },
  };
}
