/**
 * How to run one PostgreSQL server from Debian's packages inside a node:
 * `initdb` into the node's data dir on first start, then `postgres` bound to
 * the node's address, with no Unix socket (a run folder's path is often
 * longer than a socket path may be). PostgreSQL refuses to run as root, so both run as the
 * `postgres` user through `setpriv`, with the one capability that lets them
 * reach a data dir below directories only root may enter (a run folder in a
 * private temp dir, say). Durability is traded for speed (fsync off): a
 * crash test of PostgreSQL itself is not what these runs are about.
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

const AS_POSTGRES = "setpriv --reuid=postgres --regid=postgres --init-groups --inh-caps=+dac_read_search --ambient-caps=+dac_read_search --";

/** The launch of one server; `settings` become `-c name=value` flags. */
export function postgresLaunch(node: PostgresNode, settings: Readonly<Record<string, string>> = {}): LockServiceLaunch {
  const bin = postgresBinDir();
  const data = join(node.dataDir, "pg");
  const flags = Object.entries({ fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: "200", ...settings })
    .map(([name, value]) => `-c ${name}=${value}`).join(" ");
  const script = [
    "set -e",
    `mkdir -p '${data}'`,
    `chown postgres:postgres '${data}'`,
    `chmod 700 '${data}'`,
    `if [ ! -f '${data}/PG_VERSION' ]; then`,
    `  ${AS_POSTGRES} ${bin}/initdb -D '${data}' -U postgres --auth=trust -E UTF8 -N > '${node.dataDir}/initdb.log'`,
    // Clients connect from other nodes of the run's private network.
    `  echo 'host all all 0.0.0.0/0 trust' >> '${data}/pg_hba.conf'`,
    "fi",
    `exec ${AS_POSTGRES} ${bin}/postgres -D '${data}' -k '' -h ${node.host} -p ${node.port} ${flags}`,
  ].join("\n");
  return { argv: ["/bin/sh", "-c", script], readyTimeoutMs: 20_000 };
}
