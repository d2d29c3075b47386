/**
 * The registry of built-in lock adapters: name, self-description, and a
 * loader (a dynamic import, so an agent loads only its own client library).
 */
import { type BuiltInAdapterName } from "./adapter-infos.js";
import type { LockAdapter, LockAdapterInfo } from "./lock-adapter.js";
/** One built-in adapter. */
export interface BuiltInAdapter {
    readonly name: BuiltInAdapterName;
    readonly info: LockAdapterInfo;
    load(): Promise<LockAdapter>;
}
/** Every built-in adapter, in the order `fencecheck list` prints them. */
export declare function builtInAdapters(): readonly BuiltInAdapter[];
/** The built-in adapter called `name`, or undefined. */
export declare function findBuiltInAdapter(name: string): BuiltInAdapter | undefined;
