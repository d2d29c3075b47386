/**
 * Where in-flight ops deliver their completions to the interpreter's loop.
 * The loop polls it, and waits on it when it has nothing to do.
 */
import type { Completion } from "../../../core/index.js";

/** A queue of completions with a single waiter (the interpreter loop). */
export class CompletionQueue {
  private readonly ready: Completion[] = [];
  private inFlight = 0;
  private wake: (() => void) | undefined;
  private taskError: unknown;

  /** Tracks an op in flight; its completion is queued when it settles. */
  track(done: Promise<Completion>): void {
    this.inFlight++;
    void done.then((c) => {
      this.inFlight--;
      this.ready.push(c);
      this.notify();
    });
  }

  /** Tracks background work (a client being replaced); a failure is rethrown by `poll`. */
  trackTask(task: Promise<void>): void {
    this.inFlight++;
    void task.then(
      () => this.settle(),
      (error: unknown) => {
        this.taskError ??= error;
        this.settle();
      },
    );
  }

  /** The next completion, if any. Throws the first failed task's error. */
  poll(): Completion | undefined {
    this.rethrowTaskError();
    return this.ready.shift();
  }

  /** True when nothing is in flight and nothing is queued. */
  idle(): boolean {
    return this.inFlight === 0 && this.ready.length === 0;
  }

  /** Resolves when something settles, `timeoutMs` passes, or `signal` aborts. */
  wait(signal: AbortSignal, timeoutMs?: number): Promise<void> {
    if (this.ready.length > 0 || signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        this.wake = undefined;
        resolve();
      };
      const timer = timeoutMs === undefined ? undefined : setTimeout(done, timeoutMs);
      signal.addEventListener("abort", done, { once: true });
      this.wake = done;
    });
  }

  /** Throws the first error of a background task, once. */
  rethrowTaskError(): void {
    if (this.taskError === undefined) return;
    const error = this.taskError;
    this.taskError = undefined;
    throw error;
  }

  private settle(): void {
    this.inFlight--;
    this.notify();
  }

  private notify(): void {
    this.wake?.();
  }
}
