/** Parses the agent's configuration (the JSON in FENCECHECK_AGENT). */
import { type AgentConfig } from "../../harness/core/index.js";
/** Parses and checks `text`; throws `config.invalid` naming the first bad field. */
export declare function parseAgentConfig(text: string | undefined): AgentConfig;
