// An adapter whose lock service is still starting (it listens only after
// 4 s) when the storage node's start fails: start() puts a file where the
// storage node's data folder goes, so the storage service cannot make it.
// The marker in the lock server's argv lets a test find it if it outlives
// the run; the test passes it in FENCECHECK_TEST_MARKER.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import example from "../../../../examples/custom-lock/adapter.mjs";

const marker = process.env.FENCECHECK_TEST_MARKER ?? "fencecheck-slow-lock";
const slowServer = "const [h, p] = process.argv.slice(-2); setTimeout(() => require('net').createServer().listen(Number(p), h), 4000);";

export default {
  ...example,
  name: "storage-fails",
  service: {
    nodes: 1,
    start(node) {
      const storageData = resolve(node.dataDir, "..", "..", "s1", "data");
      mkdirSync(dirname(storageData), { recursive: true });
      writeFileSync(storageData, "not a folder\n");
      return { argv: [process.execPath, "-e", slowServer, marker, node.host, String(node.port)], readyTimeoutMs: 20_000 };
    },
  },
};
