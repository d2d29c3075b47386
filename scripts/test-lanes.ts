/**
 * The two lanes of scripts/test.sh: which integration test files need the
 * Docker engine, and whether vitest.config.ts's `integration-docker`
 * project (DOCKER_FILES, the docker lane) lists exactly those. A file that
 * needs the engine but runs in the local lane may start before
 * scripts/ci-docker.sh has the engine and images up; a file listed that
 * needs none only makes the docker lane longer. Pure.
 */

/** What marks a test file that needs the engine: a sandbox of SSH hosts, the engine itself, the docker runtime. */
export const NEEDS_DOCKER = /testSandbox\(|connectEngine\(|engineAnswers\(|createDockerRuntime\(|"--runtime", "docker"/;

/** One test file: its path from the package root and its text. */
export interface TestFile {
  readonly path: string;
  readonly text: string;
}

/** One line per integration file in the wrong lane, and per listed file that is no integration file; none when the lanes are right. */
export function laneProblems(files: readonly TestFile[], dockerFiles: readonly string[]): string[] {
  const listed = new Set(dockerFiles);
  const integration = files.filter((f) => f.path.endsWith(".int.test.ts"));
  const known = new Set(integration.map((f) => f.path));
  return [
    ...integration.filter((f) => NEEDS_DOCKER.test(f.text) && !listed.has(f.path))
      .map((f) => `"${f.path}" needs the Docker engine but runs in the local lane: add it to DOCKER_FILES (vitest.config.ts)`),
    ...integration.filter((f) => !NEEDS_DOCKER.test(f.text) && listed.has(f.path))
      .map((f) => `"${f.path}" is in DOCKER_FILES but needs no Docker engine: it belongs to the local lane`),
    ...dockerFiles.filter((p) => !known.has(p)).map((p) => `"${p}" is in DOCKER_FILES but is no integration test file`),
  ];
}
