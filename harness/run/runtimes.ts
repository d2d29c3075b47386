/** The runtimes a run can be given and their housekeeping (clean, images, hosts), for the CLI: cli/ calls only run/ and scenario/. */
export * from "../runtime/index.js";
