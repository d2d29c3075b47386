import type { LockServiceLaunch } from "./lock-adapter.js";
/** Where one server listens and keeps its files. */
export interface PostgresNode {
    readonly host: string;
    readonly port: number;
    readonly dataDir: string;
}
/** The newest installed /usr/lib/postgresql/<version>/bin; throws `prerequisite.missing` when none is. */
export declare function postgresBinDir(root?: string): string;
/** The launch of one server; `settings` become `-c name=value` flags. */
export declare function postgresLaunch(node: PostgresNode, settings?: Readonly<Record<string, string>>): LockServiceLaunch;
