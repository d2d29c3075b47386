/**
 * What the ssh runtime's nodes run, brought to each host: this machine's
 * Node binary, the built package with its production dependencies,
 * libfaketime and the clock injector (native/clock-inject, when built
 * here; hosts are of this machine's architecture, hosts.ts checks), unpacked into a folder named by their version so hosts need
 * nothing of ours in advance and two versions never mix. The bundle is
 * packed once per version on this machine and streamed to each host that
 * lacks it.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { HarnessError } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { checkDeployRootCommand, DEPLOY_ROOT, hostFolderRefusal } from "./host-folders.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** dist/ files the archive leaves out (tests and source maps): `packBundle`'s excludes. */
const NOT_PACKED = /(\.test\.js|\.test\.d\.ts|\.map)$/;

export { DEPLOY_ROOT };

/**
 * How archives that root unpacks on the hosts are packed: every file owned
 * by root, never by a uid of this machine whose namesake on a host could
 * then edit what root runs.
 */
export const PACK_AS_ROOT = ["--owner=0", "--group=0", "--numeric-owner"] as const;

/** How the hosts unpack them: owned by the unpacking user (root), modes cut by its umask (no setuid from an archive). */
export const UNPACK = "tar --no-same-owner --no-same-permissions";

/** The local files a deployment is made of, and its version. */
export interface Bundle {
  readonly version: string;
  /** On the hosts: `${DEPLOY_ROOT}/${version}`. */
  readonly dir: string;
  readonly nodeBinary: string;
  readonly packageRoot: string;
  readonly faketime: readonly string[];
  /** This machine's clock injector program, when it is built (undefined: the hosts get none, and clock faults it would carry are refused). */
  readonly injector?: string;
}

/** The paths a process uses on a host, for a bundle. Pure. */
export function remoteLayout(bundle: Pick<Bundle, "dir">): { node: string; pkg: string; faketime: string; injector: string } {
  return { node: `${bundle.dir}/bin/node`, pkg: `${bundle.dir}/pkg`, faketime: `${bundle.dir}/lib/libfaketime.so.1`, injector: `${bundle.dir}/bin/fencecheck-clock-inject` };
}

/**
 * Describes the bundle of this machine: the version hashes the Node binary
 * and libfaketime (path, size, mtime), package-lock.json and the content of
 * every file of dist/ the archive carries, so rebuilding the same code keeps
 * the version and hosts keep their copy. The check bundle's V8 code cache is
 * left out of the hash: it differs from build to build of the same bundle.
 * Carries this machine's libfaketime when it is installed (`faketime`
 * empty otherwise), and `injector` when given (hashed likewise). Throws
 * "prerequisite.missing" without a build.
 */
export function localBundle(packageRoot: string, nodeBinary: string, faketimeDir: string | undefined, injector?: string): Bundle {
  const libraries = faketimeDir === undefined ? [] : ["libfaketime.so.1", "libfaketimeMT.so.1"].map((f) => join(faketimeDir, f));
  // Without libfaketime here the bundle carries none: hosts then need their own for clock faults (host-faketime.ts).
  const faketime = libraries.filter((f) => existsSync(f));
  if (!existsSync(join(packageRoot, "dist"))) throw new HarnessError("prerequisite.missing", `Cannot deploy to the hosts: "${packageRoot}" has no build (npm run build)`);
  const hash = createHash("sha256");
  for (const file of [nodeBinary, ...faketime, ...(injector ? [injector] : [])]) {
    const stat = statSync(file);
    hash.update(`${file} ${stat.size} ${Math.trunc(stat.mtimeMs)}\n`);
  }
  const dist = walk(join(packageRoot, "dist")).filter((f) => !NOT_PACKED.test(f) && !f.endsWith(".cache"));
  for (const file of [join(packageRoot, "package-lock.json"), ...dist]) hash.update(`${relative(packageRoot, file)}\n`).update(readFileSync(file));
  const { version } = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { version: string };
  const id = `${version}-${hash.digest("hex").slice(0, 12)}`;
  return { version: id, dir: `${DEPLOY_ROOT}/${id}`, nodeBinary, packageRoot, faketime, ...(injector ? { injector } : {}) };
}

/** The production dependencies' top folders, from package-lock.json (type packages left out). Pure. */
export function productionPackages(lockText: string): string[] {
  const lock = JSON.parse(lockText) as { packages?: Record<string, { dev?: boolean }> };
  return Object.entries(lock.packages ?? {})
    .filter(([path, info]) => path.startsWith("node_modules/") && info.dev !== true && !path.slice("node_modules/".length).includes("node_modules/"))
    .map(([path]) => path)
    .filter((path) => !path.startsWith("node_modules/@types/"));
}

/**
 * Makes sure the host has the bundle: nothing is sent when its folder is
 * complete; otherwise the packed bundle is unpacked into a temporary folder
 * renamed into place, so a broken copy is never taken for a deployment.
 * `archive` packs the bundle (once for all hosts). Resolves with whether it copied.
 */
export async function deployTo(host: SshHost, bundle: Bundle, opts: { readonly clock: Clock; readonly archive: () => Promise<string> }): Promise<"present" | "copied"> {
  const dir = shellWord(bundle.dir);
  const present = await runRemote(host, `test -x ${dir}/bin/node && test -f ${dir}/.complete`, { clock: opts.clock });
  if (present.exitCode === 0) return "present";
  const archive = await opts.archive();
  const channel = await host.open(`${checkDeployRootCommand()} || exit 1\n${unpackCommand(bundle.dir)}`);
  const stderr: Buffer[] = [];
  channel.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  // The channel closes only once its stdout has been read to the end.
  channel.resume();
  createReadStream(archive).pipe(channel);
  const { code } = await channel.done;
  if (code !== 0) {
    throw hostFolderRefusal(Buffer.concat(stderr).toString(), host.target.host) ?? new HarnessError("runtime.command-failed", `Cannot deploy to host "${host.target.host}": unpacking into "${bundle.dir}" failed: ${Buffer.concat(stderr).toString().trim().split("\n").at(-1) ?? `exit ${code}`}`);
  }
  return "copied";
}

/**
 * The shell command that unpacks the archive on its stdin into `dir`.
 * Each deployment unpacks into a folder of its own (`<dir>.partial.<shell
 * pid>`), and moves it into place only while no complete deployment is
 * there: two runs deploying one version to a host at once both succeed,
 * and neither removes the folder the other already runs from. A partial
 * folder over an hour old (a deployment killed midway) is removed. Pure.
 */
export function unpackCommand(dir: string): string {
  const target = shellWord(dir);
  const parent = shellWord(dirname(dir));
  const partials = shellWord(`${basename(dir)}.partial.*`);
  return [
    "set -e",
    `tmp=${target}.partial.$$`,
    `find ${parent} -maxdepth 1 -name ${partials} -mmin +60 -exec rm -rf {} +`,
    'mkdir "$tmp"',
    `${UNPACK} -xz -C "$tmp"`,
    'touch "$tmp/.complete"',
    `if [ ! -f ${target}/.complete ]; then rm -rf ${target}; mv -T "$tmp" ${target} || [ -f ${target}/.complete ]; fi`,
    'rm -rf "$tmp"',
  ].join("; ");
}

/** Packs the bundle into `<cacheDir>/<version>.tar.gz` once, and returns that path. */
export async function packBundle(bundle: Bundle, cacheDir: string): Promise<string> {
  const archive = join(cacheDir, `${bundle.version}.tar.gz`);
  if (existsSync(archive)) return archive;
  mkdirSync(cacheDir, { recursive: true });
  const stage = mkdtempSync(join(tmpdir(), "fencecheck-bundle-"));
  try {
    const link = (target: string, path: string): void => {
      mkdirSync(join(stage, path, ".."), { recursive: true });
      symlinkSync(target, join(stage, path));
    };
    link(bundle.nodeBinary, "bin/node");
    if (bundle.injector) link(bundle.injector, "bin/fencecheck-clock-inject");
    for (const lib of bundle.faketime) link(lib, `lib/${lib.split("/").at(-1) as string}`);
    for (const file of ["package.json", "dist"]) link(join(bundle.packageRoot, file), `pkg/${file}`);
    for (const dep of productionPackages(readFileSync(join(bundle.packageRoot, "package-lock.json"), "utf8"))) {
      if (existsSync(join(bundle.packageRoot, dep))) link(join(bundle.packageRoot, dep), `pkg/${dep}`);
    }
    const partial = `${archive}.${process.pid}.partial`;
    await tar(["-C", stage, "-I", "gzip -1", ...PACK_AS_ROOT, "-chf", partial, "--exclude=*.test.js", "--exclude=*.test.d.ts", "--exclude=*.map", "bin", "lib", "pkg"]);
    renameSync(partial, archive);
    // Earlier versions' archives are of no further use here.
    for (const old of readdirSync(cacheDir).filter((f) => f.endsWith(".tar.gz") && f !== `${bundle.version}.tar.gz`)) rmSync(join(cacheDir, old), { force: true });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  return archive;
}

function tar(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("tar", [...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new HarnessError("runtime.command-failed", `Cannot pack the deployment: tar exited with code ${code}: ${stderr.trim()}`))));
  });
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  }).sort();
}
