/**
 * The images a run's nodes run in on the docker runtime, from what the run
 * names: its lock service's record (an adapter module's service runs in
 * node's image, or in the `image` its launch names) and its storage kind.
 */
import type { RunConfig } from "../../../core/index.js";
import { findStorageKind, lockServiceImage } from "../../../workloads/index.js";
import type { RunImages } from "../../runtime/index.js";

/** The images (by `fencecheck images build` name) of `config`'s lock and storage nodes. Pure. */
export function runImages(config: Pick<RunConfig, "lock" | "storage">): RunImages {
  const storage = findStorageKind(config.storage.kind).backend.kind === "postgres" ? "postgres" : "node";
  return { lock: lockServiceImage(config.lock.adapter), storage };
}
