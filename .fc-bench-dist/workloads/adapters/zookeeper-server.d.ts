import type { LockServiceLaunch, LockServiceNode } from "./lock-adapter.js";
/** The zoo.cfg of `node` in an ensemble of `peers` (pure). */
export declare function zooConfig(node: LockServiceNode, peers: readonly LockServiceNode[]): string;
/** Writes zoo.cfg and myid (idempotent) and returns the java command line. */
export declare function zookeeperLaunch(node: LockServiceNode, peers: readonly LockServiceNode[]): LockServiceLaunch;
/** Sends a ZooKeeper four-letter command and resolves with the answer ("" on any error). */
export declare function fourLetterWord(host: string, port: number, word: string): Promise<string>;
