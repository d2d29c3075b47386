/**
 * What a run refuses before anything starts, each with one line: the
 * refusals `fencecheck run` makes before it loads the run's machinery
 * (refuse-up-front.ts), faults the runtime, the lock service's clock or the
 * adapter cannot have (refuse-faults.ts), a lock service run as an image
 * on a runtime or engine that cannot run it (refuse-image.ts), and clock
 * faults on lock nodes whose program libfaketime cannot move, on a runtime
 * that does not inject clocks (refuse-program-clock.ts).
 */
export { refuseUpFront } from "./refuse-up-front.js";
export { refuseFaults, refuseLeaderlessFaults, refuseUnreachableClocks, type ServiceClock } from "./refuse-faults.js";
export { checkLockImage, previewLaunch, refuseImage, refuseImageRuntime } from "./refuse-image.js";
export { refuseUnreachableProgram } from "./refuse-program-clock.js";
