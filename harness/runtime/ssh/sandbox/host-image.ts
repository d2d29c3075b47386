/**
 * The sandbox hosts' image: a plain Debian system made by debootstrap from
 * this machine's own APT mirror (no container registry), with Debian's
 * OpenSSH server, iptables, procps and every built-in lock service's
 * server (etcd-server, ZooKeeper's jars on a headless JRE, redis-server,
 * postgresql) installed as a user would
 * install them on their hosts. Nothing of fencecheck's is in it. Cached by
 * its inputs like the other images: rebuilt only when they change.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HarnessError, messageOf } from "../../../../core/index.js";
import type { Clock } from "../../../../core/index.js";
import type { DockerEngine } from "../../docker/index.js";
import { aptMirror, type AptMirror } from "./apt-mirror.js";

/** The tag every sandbox host runs. */
export const HOST_IMAGE = "fencecheck/host:local";

/** What the image is made of (hashed into its cache tag). */
export const HOST_PACKAGES = [
  "openssh-server", "iptables", "procps", "etcd-server", "sudo",
  // ZooKeeper as our recipe runs it (zookeeper.jar and slf4j-simple.jar on a headless JRE), Redis and PostgreSQL.
  "default-jre-headless", "libzookeeper-java", "libslf4j-java", "redis-server", "postgresql",
] as const;

/**
 * The container's command: installs the authorized key given in
 * AUTHORIZED_KEY (for root, and for two users: "fencecheck" whose sudo
 * needs no password, "nosudo" whose sudo asks for one), makes this host's
 * own SSH host keys, runs sshd.
 */
export const HOST_COMMAND = [
  "/bin/sh", "-c",
  "mkdir -p /run/sshd /root/.ssh && printf '%s\\n' \"$AUTHORIZED_KEY\" > /root/.ssh/authorized_keys && " +
    "chmod 700 /root/.ssh && chmod 600 /root/.ssh/authorized_keys && " +
    "for u in fencecheck nosudo; do id $u >/dev/null 2>&1 || useradd -m -s /bin/sh -p '*' $u; mkdir -p /home/$u/.ssh && cp /root/.ssh/authorized_keys /home/$u/.ssh/ && chown -R $u: /home/$u/.ssh; done && " +
    "echo 'fencecheck ALL=(ALL) NOPASSWD: ALL' > /etc/sudoers.d/fencecheck && echo 'nosudo ALL=(ALL) ALL' > /etc/sudoers.d/nosudo && chmod 440 /etc/sudoers.d/fencecheck /etc/sudoers.d/nosudo && " +
    "ssh-keygen -A >/dev/null && exec /usr/sbin/sshd -D -e",
] as const;

/** What happened to the image. */
export interface HostImageResult {
  readonly tag: string;
  /** The image's own tag, by its inputs: `hostsUp` runs this one, since HOST_IMAGE may be retagged by a build with other inputs meanwhile. */
  readonly image: string;
  readonly status: "built" | "cached";
  readonly durationMs: number;
}

/** The mirror and release of this machine (Debian's os-release and APT sources). */
export function localMirror(): AptMirror {
  const codename = /^VERSION_CODENAME=(\S+)/m.exec(readText("/etc/os-release"))?.[1];
  const dir = "/etc/apt/sources.list.d";
  const files = ["/etc/apt/sources.list", ...(existsSync(dir) ? readdirSync(dir).map((f) => join(dir, f)) : [])];
  const mirror = codename === undefined ? undefined : aptMirror(files.map(readText), codename);
  if (!mirror) throw new HarnessError("prerequisite.missing", "Cannot build the sandbox host image: this machine's APT sources name no Debian mirror for its release");
  return mirror;
}

/** The cache tag for one set of inputs. Pure. */
export function hostImageTag(mirror: AptMirror): string {
  const hash = createHash("sha256").update(JSON.stringify({ mirror, packages: HOST_PACKAGES, command: HOST_COMMAND, variant: "minbase" }));
  return `fencecheck/host:${hash.digest("hex").slice(0, 12)}`;
}

/**
 * Builds the image unless one with the same inputs exists, and tags it
 * HOST_IMAGE. Throws "prerequisite.missing" without debootstrap, and
 * "runtime.command-failed" when debootstrap or the import fails.
 */
export async function buildHostImage(engine: DockerEngine, opts: { readonly clock: Clock; readonly force?: boolean; readonly log?: (line: string) => void }): Promise<HostImageResult> {
  const startNs = opts.clock.nowNs();
  const elapsed = (): number => Math.round((opts.clock.nowNs() - startNs) / 1e6);
  const mirror = localMirror();
  const exact = hostImageTag(mirror);
  const exists = await engine.docker.getImage(exact).inspect().then(() => true, () => false);
  if (exists && !opts.force) {
    await engine.docker.getImage(exact).tag({ repo: "fencecheck/host", tag: "local" });
    return { tag: HOST_IMAGE, image: exact, status: "cached", durationMs: elapsed() };
  }
  if (!existsSync("/usr/sbin/debootstrap")) {
    throw new HarnessError("prerequisite.missing", "Cannot build the sandbox host image: debootstrap is not installed (apt-get install debootstrap)");
  }
  const root = mkdtempSync(join(tmpdir(), "fencecheck-host-"));
  try {
    opts.log?.(`host: debootstrap ${mirror.suite} from ${mirror.uri} with ${HOST_PACKAGES.join(", ")}`);
    await run(["debootstrap", "--variant=minbase", `--include=${HOST_PACKAGES.join(",")}`, mirror.suite, root, mirror.uri]);
    // Each host makes its own keys when it starts; debootstrap's stay out of the image.
    for (const file of readdirSync(join(root, "etc/ssh")).filter((f) => f.startsWith("ssh_host_"))) rmSync(join(root, "etc/ssh", file));
    await importRootfs(engine, root, exact);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  await engine.docker.getImage(exact).tag({ repo: "fencecheck/host", tag: "local" });
  return { tag: HOST_IMAGE, image: exact, status: "built", durationMs: elapsed() };
}

/** Streams `root` as a tar into `docker import`, with the host command. */
async function importRootfs(engine: DockerEngine, root: string, tag: string): Promise<void> {
  const tar = spawn("tar", ["--numeric-owner", "-C", root, "-c", "."], { stdio: ["ignore", "pipe", "pipe"] });
  const tarDone = new Promise<number | null>((resolve) => tar.on("close", (code) => resolve(code)));
  const [repo, version] = tag.split(":") as [string, string];
  try {
    const options = { repo, tag: version, changes: [`CMD ${JSON.stringify(HOST_COMMAND)}`] };
    const stream = (await engine.docker.importImage(tar.stdout as never, options as never)) as unknown as NodeJS.ReadableStream;
    await new Promise<void>((resolve, reject) => {
      engine.docker.modem.followProgress(stream, (error: Error | null, output: { error?: string }[]) => {
        const failed = output?.find((o) => o.error !== undefined);
        if (error || failed) reject(error ?? new Error(failed?.error));
        else resolve();
      });
    });
  } catch (error) {
    tar.kill("SIGKILL");
    throw new HarnessError("runtime.command-failed", `Cannot import the sandbox host image: ${messageOf(error)}`, { cause: error });
  }
  if ((await tarDone) !== 0) throw new HarnessError("runtime.command-failed", "Cannot import the sandbox host image: tar of the root file system failed");
}

function run(argv: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0] as string, argv.slice(1), { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on("error", (error) => reject(new HarnessError("runtime.command-failed", `Cannot run "${argv[0]}": ${error.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new HarnessError("runtime.command-failed", `Cannot build the sandbox host image: "${argv[0]}" exited with code ${code}: ${stderr.trim().split("\n").at(-1) ?? ""}`));
    });
  });
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
