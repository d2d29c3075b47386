import type { Command } from "commander";
/** The options with the run file's values filled in; `opts` unchanged when there is no `--config`. */
export declare function applyRunFile<T extends {
    readonly config?: string;
}>(opts: T, command: Command, cwd: string): T;
