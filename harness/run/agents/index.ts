/**
 * The harness's half of the agent protocol (core/agent-protocol.ts): an
 * agent process serving one client (agent-client.ts), a shared host
 * serving several (agent-host.ts), and what both share: the ops in hand, the
 * request lines, the outcome once the process exited (agent-requests.ts).
 */
export { AGENT_NODE_FLAGS, openAgentClient, startAgent, type AgentSpec, type StartedAgent } from "./agent-client.js";
export { HostGone, startAgentHost, type AgentHost } from "./agent-host.js";
