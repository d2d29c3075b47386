// The Go lock server with leases timed on its wall clock: known broken under
// a forward clock jump on its node.
//
//   fencecheck run --lock ./examples/go-lock/wallclock.mjs --storage fenced --nemesis clock-jump --fault-opt clock.nodes=lock
import { goLockAdapter } from "./go-lock.mjs";

export default goLockAdapter("wall");
