/**
 * A `Client` backed by an agent process inside a client node. Requests go
 * to the agent's stdin as JSON lines; replies come back on its stdout. An
 * agent that exits fails every op in flight as `info`. Closing kills it.
 */
import { type AgentConfig, type Client, type Cluster, type NodeId } from "../core/index.js";
/** How to start one agent. */
export interface AgentSpec {
    readonly cluster: Cluster;
    readonly node: NodeId;
    readonly config: AgentConfig;
    /** Absolute path of the compiled agent program. */
    readonly entrypoint: string;
    readonly logFile: string;
    readonly helloTimeoutMs: number;
}
/** Starts an agent, waits for its hello line, and returns it as a client. */
export declare function openAgentClient(spec: AgentSpec): Promise<Client>;
