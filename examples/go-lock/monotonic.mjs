// The Go lock server with leases timed on Go's monotonic clock: a jump of its
// node's wall clock leaves its leases alone.
//
//   fencecheck run --lock ./examples/go-lock/monotonic.mjs --storage fenced --nemesis clock-jump --fault-opt clock.nodes=lock
import { goLockAdapter } from "./go-lock.mjs";

export default goLockAdapter("monotonic");
