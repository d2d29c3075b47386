/**
 * Splits a stream of text chunks into lines, for line-delimited protocols.
 */
/** Creates a splitter that calls `onLine` with each line, in order. Pure apart from the callback. */
export function createLineSplitter(onLine) {
    let pending = "";
    return {
        push(chunk) {
            pending += chunk;
            let newline = pending.indexOf("\n");
            while (newline >= 0) {
                const line = pending.slice(0, newline);
                pending = pending.slice(newline + 1);
                onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
                newline = pending.indexOf("\n");
            }
        },
        end() {
            if (pending.length > 0) {
                const line = pending;
                pending = "";
                onLine(line);
            }
        },
    };
}
//# sourceMappingURL=line-splitter.js.map