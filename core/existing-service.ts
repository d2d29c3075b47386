/**
 * A lock service that is already running on the user's hosts (Jepsen's DB
 * protocol without its install and teardown): how to find its process and
 * how to stop and start it, as the team's own tooling does. fencecheck
 * never installs, configures or wipes it; faults act on it through these
 * commands and its PIDs, and a run leaves it running as it was found.
 * Plain data: it is stored in config.json with the run.
 */
import { HarnessError } from "./errors.js";

/**
 * The declaration, the same on every lock node's host. Each command is one
 * line of POSIX shell run on the host over SSH (as the ssh user: root for
 * faults), with stdin from /dev/null.
 */
export interface ExistingService {
  /** The port the service answers clients on, on every lock node's host: clients reach `<host>:<port>`. */
  readonly port: number;
  /**
   * Prints the PIDs of the service's processes (whitespace-separated; none
   * when it is not running) and exits 0 either way, e.g.
   * `systemctl show -p MainPID --value etcd | grep -v '^0$'` or `pgrep -x etcd || true`.
   * Pause sends SIGSTOP to every PID it prints, resume SIGCONT.
   */
  readonly pid: string;
  /**
   * Stops the service (the kill fault) and returns once it has stopped, e.g.
   * `systemctl kill -s KILL etcd`. The harness then waits until `pid` prints nothing.
   */
  readonly stop: string;
  /**
   * Starts it again with its own configuration and data (restart, and the
   * end of a run that stopped it), e.g. `systemctl start etcd`. It must
   * return once the service is launched (a program of its own, detached,
   * its output redirected); the harness then waits for `pid` and the port.
   */
  readonly start: string;
  /** Where its data lives on each host (checked to exist; recorded, never touched). */
  readonly dataDir?: string;
  /** How many of the hosts run it (the first ones, or as the placement says); default: the adapter's own count, or `--lock-nodes`. */
  readonly nodes?: number;
  /** How long a start may take until the port answers; default 30000 ms. */
  readonly readyTimeoutMs?: number;
}

const COMMANDS = ["pid", "stop", "start"] as const;

/**
 * Checks a declaration read from JSON or an adapter module; throws
 * "config.invalid" naming `source` and the first field that is wrong. Pure.
 */
export function checkExistingService(value: unknown, source: string): ExistingService {
  const bad = (why: string): never => {
    throw new HarnessError("config.invalid", `Cannot use the existing service declared in ${source}: ${why}`);
  };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return bad("it is not an object");
  const v = value as Record<string, unknown>;
  const known = new Set(["port", ...COMMANDS, "dataDir", "nodes", "readyTimeoutMs"]);
  const unknown = Object.keys(v).find((k) => !known.has(k));
  if (unknown !== undefined) bad(`"${unknown}" is not a field (fields: ${[...known].join(", ")})`);
  if (!isInteger(v.port, 1, 65_535)) bad(`"port" must be a port number, not ${JSON.stringify(v.port)}`);
  for (const name of COMMANDS) {
    const command = v[name];
    if (typeof command !== "string" || command.trim() === "") bad(`"${name}" must be a shell command (a non-empty string)`);
    if ((command as string).includes("\n")) bad(`"${name}" must be one line`);
  }
  if (v.dataDir !== undefined && (typeof v.dataDir !== "string" || !v.dataDir.startsWith("/"))) bad(`"dataDir" must be an absolute path`);
  if (v.nodes !== undefined && !isInteger(v.nodes, 1, 99)) bad(`"nodes" must be a whole number from 1`);
  if (v.readyTimeoutMs !== undefined && !isInteger(v.readyTimeoutMs, 1, 3_600_000)) bad(`"readyTimeoutMs" must be a whole number of milliseconds`);
  return v as unknown as ExistingService;
}

function isInteger(x: unknown, min: number, max: number): boolean {
  return typeof x === "number" && Number.isInteger(x) && x >= min && x <= max;
}
