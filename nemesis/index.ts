/** Fault policy: nemeses and their schedules, pure decisions over the Cluster interface. */
export * from "./registry.js";
export * from "./fault-package.js";
export * from "./pause/pause-nemesis.js";
export * from "./pause/pause-holder.js";
export * from "./pause/random-pause.js";
export * from "./pause/pause-packages.js";
