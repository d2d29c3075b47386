/** The runtimes: `local` (network namespaces, needs root), `docker` (a container per node), `ssh` (the user's hosts) and `fake` (in memory, for tests), and what they share. */
export { createLocalRuntime, LOCAL_FAULTS } from "./local/local-runtime.js";
export type { LocalRuntimeOptions } from "./local/local-runtime.js";
export { cleanLocal } from "./local/clean-local.js";
export type { CleanLocalOptions } from "./local/clean-local.js";
export type { ReapResult } from "./local/namespace-reaper.js";
export { checkLocalPrerequisites } from "./local/prerequisites.js";
export { createFakeRuntime } from "./fake/fake-runtime.js";
export { controllerId, CONTROLLER_ID_FORM } from "./common/controller-id.js";
export { shellLine, shellWord } from "./common/shell-word.js";
export { checkLazyFs, mountLazyDisks, type LazyDisks } from "./common/lazy-fs.js";
export { faketimeReach, type FaketimeReach } from "./common/faketime-reach.js";
export { clockInjector, clockInjectorAvailable, clockInjectorProgram, type ClockInjector } from "./common/clock-injector.js";
export { cleanLazyDisks, lazyFsName, lazyMountPoints, type LazyCleanResult } from "./common/lazy-fs-clean.js";
export type { FakeCall, FakeLineHandler, FakeRuntime, FakeRuntimeOptions } from "./fake/fake-runtime.js";
export {
  buildImages,
  cleanDocker,
  connectEngine,
  createDockerRuntime,
  defaultDockerStateDir,
  describeResult,
  dockerRuntimeForRun,
  engineAnswers,
  pingEngine,
  imageSpecs,
  packageRoot,
} from "./docker/index.js";
export type { DockerCleanResult, DockerEngine, DockerRunOptions, DockerRuntimeOptions, ImageBuildResult, RunImages } from "./docker/index.js";
export { binaryRequirement, buildHostImage, cleanSsh, cleanupLine, createSshRuntime, HOST_IMAGE, hostsDown, hostsUp, parsePlacement, placeNodes, SSH_FAULTS, sshRuntimeForRun } from "./ssh/index.js";
export type { HostCleanResult, HostImageResult, HostsUpOptions, Requirement, Sandbox, SshRunOptions, SshRuntime, SshRuntimeOptions, SshTarget } from "./ssh/index.js";
