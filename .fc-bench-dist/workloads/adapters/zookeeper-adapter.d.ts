import type { LockAdapter } from "./lock-adapter.js";
/** The built-in ZooKeeper adapter (3 nodes). Session timeout = the TTL of the first acquire's options (default 2 s). */
export declare const zookeeperAdapter: LockAdapter;
