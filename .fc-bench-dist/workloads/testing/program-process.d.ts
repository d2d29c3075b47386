/**
 * Test support: starts this package's programs (the services and the agent)
 * as real child processes on 127.0.0.1 and talks to them the way the harness
 * does. Used by the integration tests; kept out of the harness proper.
 */
import { type ChildProcess } from "node:child_process";
import type { AgentConfig, AgentHello, AgentReply } from "../../harness/core/index.js";
import { type EntrypointName } from "../entrypoints.js";
/** A running service: its "host:port" and its process. */
export interface ServiceProcess {
    readonly endpoint: string;
    readonly child: ChildProcess;
    /** Sends `signal` and waits for the exit. */
    stop(signal?: NodeJS.Signals): Promise<void>;
}
/** Starts a service with `args` and waits for its `listening host:port` line. */
export declare function startServiceProcess(name: Exclude<EntrypointName, "agent">, args: readonly string[]): Promise<ServiceProcess>;
/** A running agent, driven one request at a time. */
export interface AgentProcess {
    readonly child: ChildProcess;
    readonly hello: AgentHello;
    /** Sends one request and resolves with its reply. */
    request(f: string, value: unknown): Promise<AgentReply>;
    /** Ends stdin and waits for the exit code. */
    end(): Promise<number | null>;
    stop(signal?: NodeJS.Signals): Promise<void>;
}
/** Starts an agent with `config` in FENCECHECK_AGENT and waits for its hello line. */
export declare function startAgentProcess(config: AgentConfig): Promise<AgentProcess>;
