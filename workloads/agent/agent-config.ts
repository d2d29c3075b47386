/** Parses the agent's configuration (the JSON in FENCECHECK_AGENT). */
import { HarnessError, type AgentConfig } from "../../core/index.js";

/** Parses and checks `text`; throws `config.invalid` naming the first bad field. */
export function parseAgentConfig(text: string | undefined): AgentConfig {
  if (text === undefined || text.trim() === "") throw invalid("FENCECHECK_AGENT is not set");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid("FENCECHECK_AGENT is not JSON");
  }
  if (typeof raw !== "object" || raw === null) throw invalid("FENCECHECK_AGENT is not an object");
  const c = raw as Record<string, unknown>;
  for (const name of ["clientId", "lockAdapter"] as const) {
    if (typeof c[name] !== "string" || c[name] === "") throw invalid(`"${name}" is not a non-empty string`);
  }
  for (const name of ["lockEndpoints", "storageEndpoints"] as const) {
    const list = c[name];
    if (!Array.isArray(list) || !list.every((x) => typeof x === "string")) throw invalid(`"${name}" is not a list of strings`);
  }
  for (const name of ["ttlMs", "holdMs", "acquireTimeoutMs"] as const) {
    const n = c[name];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0) throw invalid(`"${name}" is not a non-negative integer`);
  }
  return raw as AgentConfig;
}

function invalid(why: string): HarnessError {
  return new HarnessError("config.invalid", `Cannot configure the agent: ${why}`);
}
