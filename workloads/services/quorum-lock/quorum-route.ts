/**
 * The quorum lock's HTTP routes. Clients use POST /acquire and /release on
 * a replica, which coordinates; peers use POST /peer/vote and /peer/release
 * on every node, witnesses included. A witness refuses client requests with
 * 421 so the client tries another node.
 */
import type { GrantRecord } from "../reference-lock/lock-state-file.js";
import type { JsonRequest, JsonResponse } from "../serve-json.js";
import { field, stringField } from "../serve-json.js";
import type { Coordinator, LocalAcceptor } from "./coordinator.js";
import type { JsonRoute } from "../serve-json.js";
import { bigintOf, decodeProposal, encodeVote } from "./wire.js";

/** What the routes need. */
export interface QuorumRouteDeps {
  readonly witness: boolean;
  readonly quorum: number;
  readonly local: LocalAcceptor;
  readonly coordinator: Coordinator;
  /** Records one grant this node coordinated (grants.jsonl). */
  readonly recordGrant: (grant: GrantRecord) => void;
  /** This node's clock, for grant records. */
  readonly nowMs: () => number;
  /** Harness-monotonic ns for grant records, when the node knows the origin. */
  readonly harnessNowNs?: () => number;
}

const MAX_TTL_MS = 3_600_000;

/** Builds the route. */
export function quorumRoute(deps: QuorumRouteDeps): JsonRoute {
  return async (request) => {
    const { method, path } = request;
    if (method === "GET" && path === "/health") return { status: 200, body: { ok: true, witness: deps.witness } };
    if (method !== "POST") return { status: 404, body: { error: "not-found" } };
    if (path === "/peer/vote") return peerVote(deps, request);
    if (path === "/peer/release") return peerRelease(deps, request);
    if (path !== "/acquire" && path !== "/release") return { status: 404, body: { error: "not-found" } };
    if (deps.witness) return { status: 421, body: { error: "witness" }, log: "witness refuses to coordinate" };
    return path === "/acquire" ? acquire(deps, request.body) : release(deps, request.body);
  };
}

function peerVote(deps: QuorumRouteDeps, request: JsonRequest): JsonResponse {
  const proposal = decodeProposal(request.body);
  if (!proposal) return { status: 400, body: { error: "bad-request" } };
  const vote = deps.local.vote(proposal);
  return { status: 200, body: encodeVote(vote), log: `vote ${proposal.resource} ${proposal.holder} token=${proposal.token} ${vote.kind}` };
}

function peerRelease(deps: QuorumRouteDeps, request: JsonRequest): JsonResponse {
  const resource = stringField(request.body, "resource");
  const holder = stringField(request.body, "holder");
  const token = bigintOf(field(request.body, "token"));
  if (!resource || !holder || token === undefined) return { status: 400, body: { error: "bad-request" } };
  const answer = deps.local.release(resource, holder, token);
  return { status: 200, body: { release: answer }, log: `release ${resource} ${holder} token=${token} ${answer}` };
}

async function acquire(deps: QuorumRouteDeps, body: unknown): Promise<JsonResponse> {
  const resource = stringField(body, "resource");
  const client = stringField(body, "client");
  const ttlMs = field(body, "ttlMs");
  if (!resource || !client || typeof ttlMs !== "number" || !Number.isInteger(ttlMs) || ttlMs <= 0 || ttlMs > MAX_TTL_MS) {
    return { status: 400, body: { error: "bad-request" } };
  }
  const grantedAtMs = deps.nowMs();
  const result = await deps.coordinator.acquire(resource, client, ttlMs);
  if (result.kind === "busy") {
    return { status: 409, body: { error: "busy", holder: result.holder }, log: `${resource} ${client} busy holder=${result.holder}` };
  }
  if (result.kind === "no-quorum") {
    const answer = { error: "no-quorum", votes: result.votes, quorum: deps.quorum };
    return { status: 503, body: answer, log: `${resource} ${client} no quorum: ${result.votes} of ${deps.quorum} votes` };
  }
  const token = result.token.toString();
  const time = deps.harnessNowNs?.();
  deps.recordGrant({ resource, client, token, grantedAtMs, ttlMs, ...(time === undefined ? {} : { time }) });
  return { status: 200, body: { token, ttlMs }, log: `${resource} ${client} token=${token} votes=${result.votes}` };
}

async function release(deps: QuorumRouteDeps, body: unknown): Promise<JsonResponse> {
  const resource = stringField(body, "resource");
  const client = stringField(body, "client");
  const token = bigintOf(field(body, "token"));
  if (!resource || !client || token === undefined) return { status: 400, body: { error: "bad-request" } };
  const result = await deps.coordinator.release(resource, client, token);
  if (result === "released") return { status: 200, body: { released: true }, log: `${resource} ${client} token=${token}` };
  if (result === "not-holder") return { status: 409, body: { error: "not-holder" }, log: `${resource} ${client} not-holder` };
  return { status: 503, body: { error: "no-quorum" }, log: `${resource} ${client} release without quorum` };
}
