/**
 * How to run one ZooKeeper server of a 3-node ensemble from Debian's
 * `zookeeper` package: java with /usr/share/java/zookeeper.jar (its manifest
 * names the other jars) and a zoo.cfg plus myid in the node's data dir,
 * which the harness writes on the node's host (`files`: nothing is written here). The client port is the node's port; quorum and election use the next
 * two. A short tick (200 ms) lets session timeouts (the lease TTL) go down
 * to 400 ms; the most a session may ask is the run's TTL (at least 20 s), so
 * the server never caps the lease below `--ttl-ms`.
 */
import { connect } from "node:net";
import { join } from "node:path";
import type { LockServiceLaunch, LockServiceNode, LockServiceSettings } from "./lock-adapter.js";

/** ZooKeeper's tick, ms: sessions are timed in ticks. */
const TICK_MS = 200;
/** The longest session any run may ask for, however short its TTL. */
const DEFAULT_MAX_SESSION_MS = 20_000;

/** The `maxSessionTimeout` that admits a session of `ttlMs`: at least 20 s, rounded up to whole ticks (pure). */
export function maxSessionTimeoutFor(ttlMs: number | undefined): number {
  const wanted = Math.max(DEFAULT_MAX_SESSION_MS, ttlMs ?? 0);
  return Math.ceil(wanted / TICK_MS) * TICK_MS;
}

/**
 * A value as java.util.Properties reads it back (ZooKeeper's zoo.cfg is
 * one): backslashes and line ends escaped, so a data directory whose path
 * holds a newline cannot add a line of its own to the config (pure).
 */
export function propertyValue(value: string): string {
  return value.replace(/[\\\u0000-\u001f\u007f]/g, (c) => (c === "\\" ? "\\\\" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
}

/** The zoo.cfg of `node` in an ensemble of `peers`, admitting sessions as long as `settings.ttlMs` (pure). */
export function zooConfig(node: LockServiceNode, peers: readonly LockServiceNode[], settings: LockServiceSettings = {}): string {
  return [
    `tickTime=${TICK_MS}`, "initLimit=100", "syncLimit=10", `dataDir=${propertyValue(node.dataDir)}`,
    `clientPort=${node.port}`, `clientPortAddress=${node.host}`, "admin.enableServer=false",
    "4lw.commands.whitelist=srvr,ruok", `minSessionTimeout=${2 * TICK_MS}`, `maxSessionTimeout=${maxSessionTimeoutFor(settings.ttlMs)}`,
    ...peers.map((p, i) => `server.${i + 1}=${p.host}:${p.port + 1}:${p.port + 2}`),
    "",
  ].join("\n");
}

/** The java command line, with zoo.cfg and myid as the launch's files (pure: writes nothing). */
export function zookeeperLaunch(node: LockServiceNode, peers: readonly LockServiceNode[], settings: LockServiceSettings = {}): LockServiceLaunch {
  const myid = peers.findIndex((p) => p.id === node.id) + 1;
  return {
    files: [
      { path: join(node.dataDir, "myid"), text: `${myid}\n` },
      { path: join(node.dataDir, "zoo.cfg"), text: zooConfig(node, peers, settings) },
    ],
    argv: [
      "/usr/bin/java", "-Xms32m", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
      `-Dzookeeper.log.dir=${node.dataDir}`, "-cp", "/usr/share/java/zookeeper.jar:/usr/share/java/slf4j-simple.jar",
      "org.apache.zookeeper.server.quorum.QuorumPeerMain", join(node.dataDir, "zoo.cfg"),
    ],
    // Ready once the server says it leads or follows: the ensemble has a quorum.
    ready: async () => /Mode: (leader|follower)/.test(await fourLetterWord(node.host, node.port, "srvr")),
    readyTimeoutMs: 30_000,
  };
}

/** Sends a ZooKeeper four-letter command and resolves with the answer ("" on any error). */
export function fourLetterWord(host: string, port: number, word: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = connect(port, host, () => socket.write(word));
    socket.setTimeout(1000, () => socket.destroy());
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", () => resolve(""));
  });
}

/**
 * The endpoint among `endpoints` ("host:port") whose server answers `srvr`
 * with "Mode: leader", asking all at once; undefined when none does.
 */
export async function zookeeperLeader(endpoints: readonly string[]): Promise<string | undefined> {
  const modes = await Promise.all(endpoints.map(async (endpoint) => {
    const cut = endpoint.lastIndexOf(":");
    return fourLetterWord(endpoint.slice(0, cut), Number(endpoint.slice(cut + 1)), "srvr");
  }));
  return endpoints.find((_, i) => /^Mode: leader$/m.test(modes[i] ?? ""));
}
