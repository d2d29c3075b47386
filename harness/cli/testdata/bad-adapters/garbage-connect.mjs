// The example lock service, but connect resolves with something that is not a client.
import example from "../../../../examples/custom-lock/adapter.mjs";

export default { ...example, name: "garbage-connect", connect: async () => 42 };
