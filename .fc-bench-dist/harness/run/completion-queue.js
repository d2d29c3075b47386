/** A queue of completions with a single waiter (the interpreter loop). */
export class CompletionQueue {
    ready = [];
    inFlight = 0;
    wake;
    taskError;
    /** Tracks an op in flight; its completion is queued when it settles. */
    track(done) {
        this.inFlight++;
        void done.then((c) => {
            this.inFlight--;
            this.ready.push(c);
            this.notify();
        });
    }
    /** Tracks background work (a client being replaced); a failure is rethrown by `poll`. */
    trackTask(task) {
        this.inFlight++;
        void task.then(() => this.settle(), (error) => {
            this.taskError ??= error;
            this.settle();
        });
    }
    /** The next completion, if any. Throws the first failed task's error. */
    poll() {
        this.rethrowTaskError();
        return this.ready.shift();
    }
    /** True when nothing is in flight and nothing is queued. */
    idle() {
        return this.inFlight === 0 && this.ready.length === 0;
    }
    /** Resolves when something settles, `timeoutMs` passes, or `signal` aborts. */
    wait(signal, timeoutMs) {
        if (this.ready.length > 0 || signal.aborted)
            return Promise.resolve();
        return new Promise((resolve) => {
            const done = () => {
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
    rethrowTaskError() {
        if (this.taskError === undefined)
            return;
        const error = this.taskError;
        this.taskError = undefined;
        throw error;
    }
    settle() {
        this.inFlight--;
        this.notify();
    }
    notify() {
        this.wake?.();
    }
}
//# sourceMappingURL=completion-queue.js.map