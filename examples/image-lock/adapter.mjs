// The fencecheck adapter for a lock service that ships as a container
// image: `service.start` returns `image` (with the argv, user and ports it
// runs with), and the docker runtime runs that image as each lock node.
//
//   docker build -t fencecheck-example/image-lock:local examples/image-lock
//   fencecheck run --runtime docker --lock ./examples/image-lock/adapter.mjs --storage fenced --nemesis kill-lock
//
// The client speaks the server's HTTP protocol (POST /acquire, /release).

function lockError(code, message, definite) {
  return Object.assign(new Error(message), { code, definite });
}

async function post(url, body, signal) {
  try {
    const res = await fetch(url, { method: "POST", body: JSON.stringify(body), signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
    return { status: res.status, body: await res.json() };
  } catch (error) {
    // No answer: the request may or may not have acted (indeterminate).
    throw lockError("unavailable", `no answer from ${url}: ${error.message}`, false);
  }
}

/** The image's tag; FENCECHECK_IMAGE_LOCK overrides it (the harness process reads it). */
const image = process.env.FENCECHECK_IMAGE_LOCK ?? "fencecheck-example/image-lock:local";

export default {
  name: "image-lock",
  info: {
    summary: "the example lock server of examples/image-lock, run as its own image",
    token: "a counter that grows with every grant, written to its data directory before it is answered",
    durability: "state is written (not fsynced) before each answer: a killed server loses nothing, a power loss may",
    limits: "one node: no replication; a restarted server holds every lease it had for a full TTL again",
  },
  service: {
    nodes: 1,
    start(node) {
      return {
        image,
        user: "1000:1000",
        ports: [node.port],
        argv: ["/usr/bin/node", "/srv/image-lock/server.mjs", "--host", node.host, "--port", String(node.port), "--data", node.dataDir],
      };
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
