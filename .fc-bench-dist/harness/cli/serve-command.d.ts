import { Command } from "commander";
import type { CliContext } from "./main.js";
import type { ExitCode } from "./io.js";
/** A running server. */
export interface StoreServer {
    readonly url: string;
    close(): Promise<void>;
}
/** Serves `store` on 127.0.0.1:`port` (0: any free port) until closed. */
export declare function serveStore(store: string, port: number): Promise<StoreServer>;
/** Builds the `serve` command; it runs until Ctrl-C. */
export declare function serveCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command;
