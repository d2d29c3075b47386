// The smallest adapter: a client for a lock server you run yourself (--endpoints), over HTTP.
export default {
  name: "my-lock",
  info: { summary: "my lock server", token: "a counter per grant", lease: { ends: "ttl", timedFrom: "grant" } },
  async connect({ endpoints, clientId }) {
    const call = async (path, body) => {
      const res = await fetch(`http://${endpoints[0]}${path}`, { method: "POST", body: JSON.stringify({ ...body, client: clientId }) });
      return { status: res.status, body: await res.json() };
    };
    return {
      async acquire(resource, { ttlMs, signal }) {
        for (let answer; !signal.aborted; await new Promise((wake) => setTimeout(wake, 25))) {
          answer = await call("/acquire", { resource, ttlMs });
          if (answer.status === 200) return { token: answer.body.token };
        }
        throw { code: "lock-busy", definite: true };
      },
      async release(resource, lease) {
        if ((await call("/release", { resource, token: lease.token })).status !== 200) throw { code: "lease-lost", definite: true };
      },
    };
  },
};
