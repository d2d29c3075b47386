// The example lock service, but acquire never settles and leaves nothing
// pending: a probe process would run out of work and exit without a lease.
import example from "../../../../examples/custom-lock/adapter.mjs";

export default {
  ...example,
  name: "silent-acquire",
  async connect(options) {
    const client = await example.connect(options);
    return { ...client, acquire: () => new Promise(() => undefined) };
  },
};
