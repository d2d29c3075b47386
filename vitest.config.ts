import { defineConfig } from "vitest/config";

/**
 * The integration files that need the Docker engine (containers of the
 * docker runtime, the ssh runtime's sandbox hosts). Each runs one run at a
 * time (its tests are sequential), so scripts/test.sh runs this project as
 * a lane of its own beside `integration`, whose files use the local
 * runtime's namespaces: the two lanes share nothing (each run has its own
 * run id, namespaces, containers and store; each sandbox its own hosts),
 * and together they keep about three runs at most going on two cores.
 * scripts/test-lanes.test.ts fails when a file that needs the engine is
 * not listed here (it would run in the local lane, maybe before the
 * engine is up), or a listed one needs none.
 */
export const DOCKER_FILES = [
  "harness/cli/docker-runtime.int.test.ts",
  "harness/cli/existing-service.int.test.ts",
  "harness/cli/image-lock.int.test.ts",
  "harness/cli/ssh-runtime.int.test.ts",
  "harness/cli/ssh-services.int.test.ts",
  "harness/cli/ssh-watchdog.int.test.ts",
  "harness/cli/start-failures.int.test.ts",
  "harness/runtime/docker/clean-docker.int.test.ts",
  "harness/runtime/docker/docker-runtime.int.test.ts",
  "harness/runtime/docker/node-lifecycle.int.test.ts",
  "harness/runtime/docker/lose-unfsynced.int.test.ts",
  "harness/cli/power-loss-docker.int.test.ts",
  "harness/cli/injected-clock-docker.int.test.ts",
];

const INTEGRATION = {
  testTimeout: 120_000,
  hookTimeout: 60_000,
  // Files run one at a time; within a file, tests marked concurrent (runs of
  // the CLI in their own processes) go two at a time, one per core.
  fileParallelism: false,
  maxConcurrency: 2,
} as const;

// Three projects: `unit` (pure, milliseconds, no root needed), and the
// integration tests (`*.int.test.ts`: real namespaces, real processes; need
// root and a build) in two: `integration` (the local runtime) and
// `integration-docker` (DOCKER_FILES). A bare `vitest run` runs all three,
// the integration files one at a time, as before.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{core,harness,workloads,nemesis,checkers,reports,scripts}/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**", "dist/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["{core,harness,workloads,nemesis,checkers,reports,scripts}/**/*.int.test.ts"],
          exclude: [...DOCKER_FILES, "node_modules/**", "dist/**"],
          ...INTEGRATION,
        },
      },
      {
        test: {
          name: "integration-docker",
          include: DOCKER_FILES,
          exclude: ["node_modules/**", "dist/**"],
          ...INTEGRATION,
        },
      },
    ],
  },
});
