/**
 * Program entry of the quorum lock service, one node of it:
 *
 *   node server.js --host H --port P --data-dir D --node ID --quorum Q
 *                  [--peers h1:p1,h2:p2] [--witness] [--peer-timeout-ms 500] [--origin-ns N]
 *
 * Every node votes; a replica also coordinates client requests, a witness
 * (`--witness`) keeps only its vote state and refuses them. `--peers` lists
 * the other nodes, witnesses included. Prints `listening <host>:<port>`
 * when ready and logs requests to stderr. Lease expiry uses this process's
 * wall clock (skewed on purpose by the clock nemesis).
 */
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { createSystemClock } from "../../../core/index.js";
import { endpointUrl } from "../../adapters/endpoint-url.js";
import { requestJson } from "../../adapters/http-json.js";
import { appendGrant } from "../reference-lock/lock-state-file.js";
import { exitOnSignals, serveJson } from "../serve-json.js";
import { createAcceptor } from "./acceptor.js";
import { createCoordinator, type LocalAcceptor, type PeerCall } from "./coordinator.js";
import { quorumRoute } from "./quorum-route.js";
import { loadVotes, saveVotes } from "./vote-state-file.js";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "string", default: "0" },
      "data-dir": { type: "string" },
      node: { type: "string", default: "lock" },
      peers: { type: "string", default: "" },
      quorum: { type: "string" },
      witness: { type: "boolean", default: false },
      "peer-timeout-ms": { type: "string", default: "500" },
      "origin-ns": { type: "string" },
    },
  });
  const dataDir = values["data-dir"];
  if (!dataDir) throw new Error("Cannot start the quorum lock service: --data-dir is missing");
  const peers = values.peers.split(",").map((s) => s.trim()).filter(Boolean);
  const quorum = Number(values.quorum ?? Math.floor((peers.length + 1) / 2) + 1);
  if (!Number.isInteger(quorum) || quorum < 1 || quorum > peers.length + 1) {
    throw new Error(`Cannot start the quorum lock service: --quorum "${values.quorum}" must be between 1 and ${peers.length + 1}`);
  }
  mkdirSync(dataDir, { recursive: true });
  const clock = createSystemClock();
  // Promises are timed on the monotonic clock (acceptor.ts): a jump of this node's wall clock must not end them.
  const monotonicMs = (): number => clock.nowNs() / 1e6;
  const acceptor = createAcceptor(monotonicMs, loadVotes(dataDir, monotonicMs()));
  const local: LocalAcceptor = {
    vote(proposal) {
      const vote = acceptor.vote(proposal);
      if (vote.kind === "yes") saveVotes(dataDir, acceptor.snapshot());
      return vote;
    },
    release(resource, holder, token) {
      const answer = acceptor.release(resource, holder, token);
      if (answer === "released") saveVotes(dataDir, acceptor.snapshot());
      return answer;
    },
    highest: (resource) => acceptor.highest(resource),
  };
  const timeoutMs = Number(values["peer-timeout-ms"]);
  const originNs = values["origin-ns"] === undefined ? undefined : BigInt(values["origin-ns"]);
  const route = quorumRoute({
    witness: values.witness,
    quorum,
    local,
    coordinator: createCoordinator({ local, quorum, peers: peers.map((p) => peerCall(endpointUrl(p), timeoutMs)) }),
    recordGrant: (grant) => appendGrant(dataDir, grant),
    nowMs: () => clock.wallMs(),
    ...(originNs === undefined ? {} : { harnessNowNs: () => Number(process.hrtime.bigint() - originNs) }),
  });
  const node = values.node;
  const role = values.witness ? "witness" : "replica";
  const server = await serveJson(route, {
    host: values.host,
    port: Number(values.port),
    log: (line) => process.stderr.write(`[${node} ${role}] ${line}\n`),
  });
  process.stderr.write(`[${node} ${role}] quorum ${quorum} of ${peers.length + 1}; peers ${peers.join(", ") || "none"}\n`);
  exitOnSignals(server);
}

function peerCall(base: string, timeoutMs: number): PeerCall {
  return async (path, body) => {
    const answer = await requestJson({ method: "POST", url: `${base}${path}`, body, timeoutMs });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return answer.body;
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
