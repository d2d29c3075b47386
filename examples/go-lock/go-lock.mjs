// The fencecheck adapter of the Go lock server (main.go), shared by
// wallclock.mjs and monotonic.mjs: the same server and protocol as
// examples/custom-lock (its client is reused), started with
// --lease-clock wall or monotonic. The server is a Go program built static,
// which libfaketime cannot reach: clock faults on its node go through the
// clock injector (local and ssh runtimes, docker on a local engine), and
// are refused where there is none.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import customLock from "../custom-lock/adapter.mjs";

/** Where build.sh puts the server. */
export const GO_LOCK_BINARY = fileURLToPath(new URL("./build/go-lock", import.meta.url));

/** The adapter of the server with leases timed on `leaseClock`: "wall" or "monotonic". */
export function goLockAdapter(leaseClock) {
  const wall = leaseClock === "wall";
  return {
    name: `go-lock-${leaseClock}`,
    info: {
      summary: `the example Go lock server of examples/go-lock, leases timed on its ${wall ? "wall clock (time.Now().UnixMilli())" : "monotonic clock (time.Since)"}`,
      token: "a per-resource counter that grows with every grant, fsynced before the grant is answered",
      ...(wall ? { limits: "unsafe under clock faults on its node by design: a wall clock that jumps forward ends a held lease early (double grants)" } : {}),
      lease: { ends: "ttl", timedFrom: "grant" },
    },
    service: {
      nodes: 1,
      start(node) {
        if (!existsSync(GO_LOCK_BINARY)) throw new Error(`the Go lock server is not built: run examples/go-lock/build.sh (it makes ${GO_LOCK_BINARY})`);
        return { argv: [GO_LOCK_BINARY, "--host", node.host, "--port", String(node.port), "--data-dir", node.dataDir, "--lease-clock", leaseClock] };
      },
    },
    connect: customLock.connect,
  };
}
