/** The worker thread a process runs on. */
export function threadOf(process, concurrency) {
    return process % concurrency;
}
//# sourceMappingURL=generator.js.map