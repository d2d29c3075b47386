/**
 * Why a host could not be used, in one line: the host named, the cause in
 * the user's words. Every such error is bad input (exit 254): the hosts,
 * keys and known_hosts are the user's.
 */
import { HarnessError } from "../../../core/index.js";

/** What a connection attempt needs to explain its failure. */
export interface FailedTarget {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly keyFile: string | undefined;
  readonly knownHostsFile: string;
}

/** Host key problems found by the verifier, which the SSH library reports only as "verification failed". */
export type HostKeyProblem = "unknown" | "changed" | "revoked";

/** The HarnessError ("config.invalid") for a failed connection. Pure. */
export function hostError(target: FailedTarget, error: unknown, keyProblem: HostKeyProblem | undefined, timeoutMs: number): HarnessError {
  return new HarnessError("config.invalid", `Cannot use host "${target.host}": ${cause(target, error, keyProblem, timeoutMs)}`, { cause: error });
}

function cause(target: FailedTarget, error: unknown, keyProblem: HostKeyProblem | undefined, timeoutMs: number): string {
  const known = `"${target.knownHostsFile}"`;
  if (keyProblem === "unknown") return `its host key is not in ${known} (add it with ssh-keyscan, or pass --accept-new-host-keys)`;
  if (keyProblem === "changed") return `its host key differs from the one in ${known} (the host was reinstalled, or someone is in the middle)`;
  if (keyProblem === "revoked") return `its host key is marked @revoked in ${known}`;
  const e = error as { code?: string; level?: string; message?: string };
  switch (e.code) {
    case "ECONNREFUSED": return `connection refused on port ${target.port} (is sshd running?)`;
    case "EHOSTUNREACH": return "no route to the host (is it up?)";
    case "ENETUNREACH": return "no route to its network";
    case "ENOTFOUND": case "EAI_AGAIN": return "its name does not resolve";
    case "ETIMEDOUT": return `no answer on port ${target.port} within ${timeoutMs} ms`;
    default: break;
  }
  if (e.level === "client-timeout") return `no answer on port ${target.port} within ${timeoutMs} ms`;
  if (e.level === "client-authentication") {
    const key = target.keyFile === undefined ? "no key was accepted" : `the key "${target.keyFile}" was refused`;
    return `${key} for user "${target.user}"`;
  }
  return e.message ?? String(error);
}
