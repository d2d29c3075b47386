// The example lock service, but acquire spins forever: the event loop of the
// process that calls it never runs again, so no timer inside it can fire.
import example from "../../../../examples/custom-lock/adapter.mjs";

export default {
  ...example,
  name: "busy-acquire",
  async connect(options) {
    const client = await example.connect(options);
    return {
      ...client,
      async acquire() {
        for (;;) {
          // spin
        }
      },
    };
  },
};
