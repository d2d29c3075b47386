/** Fault policy: nemeses and their schedules, pure decisions over the Cluster interface. */
export * from "./registry.js";
export * from "./fault-package.js";
export * from "./pause/pause-nemesis.js";
export * from "./pause/pause-holder.js";
export * from "./pause/random-pause.js";
export * from "./pause/pause-packages.js";
export * from "./partition/grudge.js";
export * from "./partition/partition-nemesis.js";
export * from "./partition/partition-packages.js";
export * from "./kill/kill-nemesis.js";
export * from "./kill/kill-packages.js";
export * from "./net/loss-nemesis.js";
export * from "./net/delay-nemesis.js";
export * from "./net/net-packages.js";
export * from "./schedule/fault-cycle.js";
export * from "./schedule/fault-options.js";
export * from "./pause/targeted-pause.js";
export * from "./clock/clock-nemesis.js";
export * from "./clock/clock-plans.js";
export * from "./clock/clock-packages.js";
//# sourceMappingURL=index.js.map