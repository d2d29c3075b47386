import { defineConfig } from "vitest/config";

// Two projects: `unit` (pure, milliseconds, no root needed) and `integration`
// (`*.int.test.ts`: real namespaces, real processes; needs root and a build).
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
          exclude: ["node_modules/**", "dist/**"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Files run one at a time; within a file, tests marked concurrent (runs of
          // the CLI in their own processes) go two at a time, one per core.
          fileParallelism: false,
          maxConcurrency: 2,
        },
      },
    ],
  },
});
