/**
 * Program entry of a relay inside a node:
 *
 *   node main.js --listen 127.0.0.1:PORT --unix PATH [--listen ... --unix ...]
 *
 * Relays each TCP connection to the Unix socket in the same position.
 * Prints `listening` when every listener is up.
 */
import { parseArgs } from "node:util";
import { startRelay } from "./relay.js";
async function main() {
    const { values } = parseArgs({ options: { listen: { type: "string", multiple: true }, unix: { type: "string", multiple: true } } });
    const listens = values.listen ?? [];
    const unixes = values.unix ?? [];
    if (listens.length === 0 || listens.length !== unixes.length)
        throw new Error("Cannot start the relay: give --listen and --unix in pairs");
    await Promise.all(listens.map((address, i) => {
        const at = address.lastIndexOf(":");
        return startRelay({ host: address.slice(0, at), port: Number(address.slice(at + 1)) }, { path: unixes[i] });
    }));
    process.stdout.write("listening\n");
    for (const signal of ["SIGTERM", "SIGINT"])
        process.on(signal, () => process.exit(0));
}
main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
});
//# sourceMappingURL=main.js.map