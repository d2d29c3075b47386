// The adapter of server.mjs, a lock server with an early-grant bug, for tests
// (the same shape as examples/custom-lock/adapter.mjs).
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
    // No answer: the request may or may not have acted (indeterminate).
    throw lockError("unavailable", `no answer from ${url}: ${error.message}`, false);
  }
}

export default {
  name: "early-lock",
  info: { summary: "a test lock server that grants a resource again once 60% of the TTL has passed", token: "a counter that grows with every grant" },
  service: {
    nodes: 1,
    start(node) {
      return { argv: [process.execPath, serverPath, "--host", node.host, "--port", String(node.port)] };
    },
  },
  async connect({ endpoints, clientId }) {
    const base = `http://${endpoints[0]}`;
    return {
      async acquire(resource, { ttlMs, signal }) {
        for (;;) {
          const answer = await post(`${base}/acquire`, { resource, client: clientId, ttlMs }, AbortSignal.timeout(60_000));
          if (answer.status === 200) return { token: answer.body.token };
          if (signal.aborted) throw lockError("lock-busy", `"${resource}" is held by ${answer.body.holder}`, true);
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
