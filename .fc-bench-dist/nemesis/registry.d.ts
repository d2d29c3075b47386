/**
 * The fault packages a run can ask for by name, with their documentation.
 * `fencecheck list` and `--help` read the descriptions from here, so they
 * cannot drift from what exists.
 */
import { type Fault, type NemesisPackage, type RunConfig } from "../harness/core/index.js";
import { type FaultPackageSpec } from "./fault-package.js";
/** Every known fault package; each fault kind contributes its own list. */
export declare function faultPackages(): readonly FaultPackageSpec[];
/** Builds the nemesis package for the run's faults (an empty schedule for none). */
export declare function nemesisPackage(config: RunConfig): NemesisPackage;
/** The runtime faults the run's packages need. */
export declare function faultsNeeded(config: RunConfig): Set<Fault>;
/** Looks a package up by name; unknown names are a config error naming the known ones. */
export declare function findFaultPackage(name: string): FaultPackageSpec;
