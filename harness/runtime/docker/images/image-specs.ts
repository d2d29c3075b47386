/**
 * What each offline-built image is made of: pure data. The builder copies
 * these host paths into the image at the same paths, with every library
 * `ldd` lists for each ELF file among them.
 */

/** How one image is assembled from the host's installed files. */
export interface ImageSpec {
  /** Short name: the image is tagged `fencecheck/<name>`. */
  readonly name: string;
  /** What runs in it (for `images build --help` and reports). */
  readonly description: string;
  /** Another spec's name this image is layered on; none means `FROM scratch`. */
  readonly base?: string;
  /** Files copied with their libraries; symlinks are followed hop by hop. */
  readonly binaries: readonly string[];
  /** Directories copied whole (ELF files inside bring their libraries). */
  readonly trees?: readonly string[];
  /** Symlinks to create: path -> target. */
  readonly links?: Readonly<Record<string, string>>;
  /** Empty directories to create, with their mode (octal). */
  readonly dirs?: Readonly<Record<string, number>>;
  /** Files whose contents the image gets as is (no libraries). */
  readonly plainFiles?: readonly string[];
  /** A missing input skips the image (with a note) instead of failing the build. */
  readonly optional?: boolean;
}

/** The libfaketime library every image carries for clock faults. */
export const FAKETIME_LIBRARY = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

/** The busybox applets the base image links to /bin/busybox. */
export const BUSYBOX_APPLETS = [
  "sh", "ash", "sleep", "kill", "cat", "ls", "ps", "nc", "mkdir", "rm", "echo", "env", "timeout",
  "sed", "grep", "id", "hostname", "ip", "tail", "head", "true", "false", "pidof", "chown", "chmod", "which",
] as const;

/** The tag every runtime uses for an image: `fencecheck/<name>:local`. */
export function localImageTag(name: string): string {
  return `fencecheck/${name}:local`;
}

/** The tag that names one exact set of inputs: `fencecheck/<name>:<hash12>`. */
export function inputsImageTag(name: string, inputsHash: string): string {
  return `fencecheck/${name}:${inputsHash.slice(0, 12)}`;
}

/** The images the offline builder knows, base first. */
export function imageSpecs(): readonly ImageSpec[] {
  const applets = Object.fromEntries(BUSYBOX_APPLETS.map((a) => [`/bin/${a}`, "busybox"]));
  return [
    {
      name: "node",
      description: "our Node services and client agents: node, busybox, libfaketime",
      binaries: ["/usr/bin/node", "/bin/busybox", FAKETIME_LIBRARY, "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"],
      links: applets,
      dirs: { "/tmp": 0o1777, "/fencecheck": 0o755, "/var/run": 0o755 },
    },
    { name: "etcd", description: "Debian's etcd server and etcdctl", base: "node", binaries: ["/usr/bin/etcd", "/usr/bin/etcdctl"] },
    {
      name: "redis",
      description: "Debian's redis-server and redis-cli",
      base: "node",
      binaries: ["/usr/bin/redis-server", "/usr/bin/redis-cli"],
    },
    {
      name: "zookeeper",
      description: "Debian's ZooKeeper on the host's default JVM",
      base: "node",
      binaries: ["/usr/bin/java"],
      trees: ["/usr/lib/jvm/default-java", "/usr/share/zookeeper", "/etc/zookeeper", "/usr/share/java", "/etc/java-17-openjdk"],
      dirs: { "/var/lib/zookeeper": 0o777, "/var/log/zookeeper": 0o777 },
      optional: true,
    },
    {
      name: "postgres",
      description: "Debian's PostgreSQL 15 server binaries, and util-linux's setpriv to run them as the postgres user (busybox's cannot change users)",
      base: "node",
      binaries: ["/usr/bin/setpriv"],
      trees: ["/usr/lib/postgresql/15", "/usr/share/postgresql/15"],
      plainFiles: ["/etc/passwd", "/etc/group"],
      dirs: { "/var/run/postgresql": 0o777 },
      optional: true,
    },
  ];
}
