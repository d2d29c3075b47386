/** A run's check and report, loaded only once the run needs them (lifecycle/run-test.ts). */
/**
 * `checkAndReport`, loaded when first asked for: the checkers and the
 * report's charts (Chart.js, the native canvas) are not needed to start a
 * run. `prefetch` starts loading them once the clients are done, so that
 * they load while the nodes stop (the harness mostly waits on processes
 * then), never while ops are being timed.
 */
export function lazyCheckAndReport(): { prefetch: () => void; load: () => Promise<typeof import("./check-and-report.js").checkAndReport> } {
  let loading: Promise<typeof import("./check-and-report.js")> | undefined;
  const load = (): Promise<typeof import("./check-and-report.js")> => (loading ??= import("./check-and-report.js"));
  return {
    // A failed load is met (and reported) where the check awaits it.
    prefetch: () => void load().catch(() => undefined),
    load: async () => (await load()).checkAndReport,
  };
}
