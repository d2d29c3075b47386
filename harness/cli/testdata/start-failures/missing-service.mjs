// An adapter whose lock service cannot start: its program does not exist.
// The storage node starts meanwhile; the run must end with exit 255, one
// line naming the lock node and its log, and nothing left running.
import example from "../../../../examples/custom-lock/adapter.mjs";

export default {
  ...example,
  name: "missing-service",
  service: {
    nodes: 1,
    start(node) {
      return { argv: ["/nonexistent/fencecheck-lock-server", "--port", String(node.port)] };
    },
  },
};
