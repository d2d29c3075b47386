/**
 * Freezing a docker node: the engine's freezer (`docker pause`) over the
 * node's container and its image containers, every process and child of
 * them at once. A freeze is checked to have taken (the engine says the
 * container is paused); a thaw of a node that is not frozen does nothing.
 */
import { HarnessError } from "../../../core/index.js";
import type { NodeId } from "../../../core/index.js";
import type { ImageContainers } from "./image-containers.js";
import type { NodeContainers } from "./node-containers.js";

/** A cluster's freezer. */
export interface ContainerFreezer {
  /** Throws "nemesis.fault-not-applied" when the node's container is not paused afterwards. */
  freeze(node: NodeId): Promise<void>;
  thaw(node: NodeId): Promise<void>;
  /** Thaws every node, whatever fails (a frozen process takes no signal: the stop calls this first). */
  thawAll(): Promise<void>;
}

/** Creates the freezer of `nodes` (the cluster's node ids). */
export function createContainerFreezer(containers: NodeContainers, images: ImageContainers, nodes: readonly NodeId[]): ContainerFreezer {
  return {
    async freeze(node) {
      await containers.containerOf(node).pause();
      await images.freeze(node, true);
      const state = (await containers.containerOf(node).inspect()).State;
      if (!state.Paused) throw new HarnessError("nemesis.fault-not-applied", `Cannot freeze node "${node}": the container is not paused`);
    },
    async thaw(node) {
      await containers.containerOf(node).unpause().catch(ignoreNotPaused);
      await images.freeze(node, false);
    },
    async thawAll() {
      await Promise.all(nodes.map((node) => containers.containerOf(node).unpause().catch(() => undefined)));
      await Promise.all(nodes.map((node) => images.freeze(node, false).catch(() => undefined)));
    },
  };
}

/** Passes over the engine's refusal to unpause a container that is not paused (or not running); throws anything else. */
export function ignoreNotPaused(error: unknown): void {
  if (!/not paused|is not running/i.test(String(error))) throw error;
}
