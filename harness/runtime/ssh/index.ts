/** The ssh runtime: the user's own hosts driven over SSH, and a sandbox of local hosts to try it on. */
export { buildHostImage, HOST_IMAGE } from "./sandbox/host-image.js";
export type { HostImageResult } from "./sandbox/host-image.js";
export { hostsDown, hostsUp } from "./sandbox/sandbox-hosts.js";
export type { HostsUpOptions, Sandbox } from "./sandbox/sandbox-hosts.js";
export { createSshRuntime, SSH_FAULTS } from "./ssh-runtime.js";
export type { SshRuntime, SshRuntimeOptions } from "./ssh-runtime.js";
export { sshRuntimeForRun, type SshRunOptions } from "./ssh-runtime-for-run.js";
export { parsePlacement, placeNodes } from "./placement.js";
export { cleanSsh } from "./clean-ssh.js";
export { cleanupLine } from "./host-cleanup.js";
export type { HostCleanResult } from "./clean-ssh.js";
export type { SshTarget } from "./ssh-connection.js";
export { binaryRequirement, type Requirement } from "./host-checks.js";
