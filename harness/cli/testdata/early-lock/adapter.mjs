// The adapter of server.mjs, a lock server with an early-grant bug, for tests:
// the example adapter (examples/custom-lock), started with this server instead.
import { fileURLToPath } from "node:url";
import example from "../../../../examples/custom-lock/adapter.mjs";

const serverPath = fileURLToPath(new URL("./server.mjs", import.meta.url));

export default {
  ...example,
  name: "early-lock",
  info: { summary: "a test lock server that grants a resource again once 60% of the TTL has passed", token: "a counter that grows with every grant" },
  service: {
    nodes: 1,
    start(node) {
      return { argv: [process.execPath, serverPath, "--host", node.host, "--port", String(node.port)] };
    },
  },
};
