/**
 * How to run one PostgreSQL server from Debian's packages inside a node:
 * `initdb` into the node's data dir on first start, then `postgres` bound to
 * the node's address, with no Unix socket (a run folder's path is often
 * longer than a socket path may be). PostgreSQL refuses to run as root, so both run as the
 * `postgres` user through util-linux's `setpriv` (by its path: a busybox
 * shell would pick its own applet, which cannot change users), with the one
 * capability that lets them reach a data dir below directories only root
 * may enter (a run folder in a private temp dir, say): dac_read_search, or
 * dac_override where the bounding set lacks it (Docker's default set).
 * Durable as production runs it: fsync, synchronous_commit and
 * full_page_writes on, so a commit is on disk before the client hears of it.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { HarnessError } from "../../core/index.js";
import type { LockServiceLaunch } from "./lock-adapter.js";

/** Where one server listens and keeps its files. */
export interface PostgresNode {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
}

/** The newest installed /usr/lib/postgresql/<version>/bin; throws `prerequisite.missing` when none is. */
export function postgresBinDir(root = "/usr/lib/postgresql"): string {
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => join(root, v, "bin")).find((dir) => existsSync(join(dir, "postgres")));
  if (!bin) throw new HarnessError("prerequisite.missing", `Cannot find PostgreSQL: no ${root}/<version>/bin/postgres (install Debian's postgresql)`);
  return bin;
}

const SETPRIV = "/usr/bin/setpriv";
/** Picks the capability (the first the bounding set allows adding), then drops to postgres keeping only it. */
const PICK_CAP = `if ${SETPRIV} --inh-caps=+dac_read_search true 2>/dev/null; then cap=dac_read_search; else cap=dac_override; fi`;
const AS_POSTGRES = `${SETPRIV} --reuid=postgres --regid=postgres --init-groups --inh-caps=+$cap --ambient-caps=+$cap --`;

/** The durability settings every server runs with (PostgreSQL's defaults, stated so no config file can turn them off). */
const POSTGRES_DURABILITY: Readonly<Record<string, string>> = { fsync: "on", synchronous_commit: "on", full_page_writes: "on" };

/**
 * The launch script: every path, the address and each `-c` flag come as
 * positional arguments ("$1"...), never as text of the script, so no data
 * dir (a store path with a quote in it, say) is ever read as shell.
 */
const LAUNCH_SCRIPT = [
  "set -e",
  'data=$1 log=$2 bin=$3 host=$4 port=$5',
  "shift 5",
  'mkdir -p "$data"',
  'chown postgres:postgres "$data"',
  'chmod 700 "$data"',
  PICK_CAP,
  'if [ ! -f "$data/PG_VERSION" ]; then',
  `  ${AS_POSTGRES} "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 > "$log"`,
  // Clients connect from other nodes of the run's private network.
  `  echo 'host all all 0.0.0.0/0 trust' >> "$data/pg_hba.conf"`,
  // Made durable like initdb's own files: a power loss (lose-unfsynced) dropped the unsynced line, and
  // the restarted server refused every client ("no pg_hba.conf entry").
  '  sync "$data/pg_hba.conf"',
  "fi",
  `exec ${AS_POSTGRES} "$bin/postgres" -D "$data" -k '' -h "$host" -p "$port" "$@"`,
].join("\n");

/** The launch of one server; `settings` become `-c name=value` flags. */
export function postgresLaunch(node: PostgresNode, settings: Readonly<Record<string, string>> = {}): LockServiceLaunch {
  const bin = postgresBinDir();
  const flags = Object.entries({ ...POSTGRES_DURABILITY, max_connections: "200", ...settings }).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  const args = [join(node.dataDir, "pg"), join(node.dataDir, "initdb.log"), bin, node.host, String(node.port), ...flags];
  // initdb syncs its files before it returns: seconds on a busy disk, and more than 60 s on a lazy
  // disk (lose-unfsynced: every write a FUSE round trip) at a load average of 45 on 2 cores.
  return { argv: ["/bin/sh", "-c", LAUNCH_SCRIPT, "postgres-launch", ...args], readyTimeoutMs: 150_000 };
}
