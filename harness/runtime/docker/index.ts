/** The docker runtime: containers on a run-owned network, images built offline from the host's binaries. */
export { createDockerRuntime, defaultDockerStateDir, DOCKER_FAULTS, REMOTE_DOCKER_FAULTS } from "./docker-runtime.js";
export type { DockerRuntimeOptions } from "./docker-runtime.js";
export { cleanDocker } from "./clean-docker.js";
export type { CleanDockerOptions, DockerCleanResult } from "./clean-docker.js";
export { connectEngine, engineAnswers, pingEngine } from "./docker-engine.js";
export type { DockerEngine } from "./docker-engine.js";
export { RUN_LABEL } from "./docker-plan.js";
export { buildImages, describeResult } from "./images/build-images.js";
export type { BuildImagesOptions, ImageBuildResult } from "./images/build-images.js";
export { imageSpecs, localImageTag } from "./images/image-specs.js";
export type { ImageSpec } from "./images/image-specs.js";
export { dockerRuntimeForRun, packageRoot, type DockerRunOptions, type RunImages } from "./docker-runtime-for-run.js";
