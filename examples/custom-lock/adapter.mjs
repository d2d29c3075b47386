// The fencecheck adapter for server.mjs: a default export with a name, what
// the service is (`info`, its lease declared), how to start it on each lock
// node (`service`) and `connect` (docs/adapters.md has the whole contract).
//
//   fencecheck run --lock ./examples/custom-lock/adapter.mjs --storage fenced --nemesis kill-lock
//   fencecheck run --lock ./examples/custom-lock/adapter.mjs --endpoints 127.0.0.1:7001
import { fileURLToPath } from "node:url";

const serverPath = fileURLToPath(new URL("./server.mjs", import.meta.url));

function lockError(code, message, definite) {
  return Object.assign(new Error(message), { code, definite });
}

async function post(url, body, signal) {
  try {
    const res = await fetch(url, { method: "POST", body: JSON.stringify(body), signal: AbortSignal.any([signal, AbortSignal.timeout(2000)]) });
    return { status: res.status, body: await res.json() };
  } catch (error) {
    // A refused connection never reached the server: it certainly did nothing (definite).
    // Any other failure (a timeout, a connection cut) may have come after the server acted (indeterminate).
    const refused = error.cause?.code === "ECONNREFUSED";
    throw lockError("unavailable", `no answer from ${url}: ${error.cause?.message ?? error.message}`, refused);
  }
}

export default {
  name: "custom-lock",
  info: {
    summary: "the example lock server of examples/custom-lock",
    token: "a counter that grows with every grant, fsynced before the grant is answered",
    // Nothing but its release or its TTL ends a lease, and the server starts the TTL when it grants.
    lease: { ends: "ttl", timedFrom: "grant" },
  },
  service: {
    nodes: 1,
    start(node) {
      return { argv: [process.execPath, serverPath, "--host", node.host, "--port", String(node.port), "--data-dir", node.dataDir] };
    },
  },
  async connect({ endpoints, clientId }) {
    const base = `http://${endpoints[0]}`;
    return {
      async acquire(resource, { ttlMs, signal }) {
        for (;;) {
          // Asked until it is granted or `signal` gives up: each answer but a grant had no effect.
          const answer = await post(`${base}/acquire`, { resource, client: clientId, ttlMs }, AbortSignal.timeout(60_000)).catch((error) => {
            if (error.definite && !signal.aborted) return { refused: error }; // the server is down: ask again
            throw error;
          });
          if (answer.status === 200) return { token: answer.body.token };
          if (signal.aborted) throw answer.refused ?? lockError("lock-busy", `"${resource}" is held by ${answer.body.holder}`, true);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      },
      async release(resource, lease, { signal }) {
        const answer = await post(`${base}/release`, { resource, client: clientId, token: lease.token }, signal);
        if (answer.status !== 200) throw lockError("lease-lost", `"${resource}" was no longer held with token ${lease.token}`, true);
      },
      async close() {},
    };
  },
};
