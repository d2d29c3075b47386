/**
 * A user's adapter module on the hosts: the module and the files it
 * declares (or its whole folder: common/adapter-files.ts) are copied into
 * the run's folder on every host, where clients load the module and lock
 * nodes run its service, owned by root and readable by root only. The
 * run's paths name the local folder; the path map makes them the host's copy.
 */
import { spawn } from "node:child_process";
import { isAbsolute, relative } from "node:path";
import { HarnessError } from "../../../core/index.js";
import type { AdapterShare } from "../common/adapter-files.js";
import { PACK_AS_ROOT, UNPACK } from "./deployment.js";
import { shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** Where a run's adapter folder goes on a host. Pure. */
export function remoteAdapterDir(runDir: string): string {
  return `${runDir}/adapter`;
}

/**
 * The arguments of the local `tar` that packs the share (every file owned
 * by root): its declared files, or its whole folder leaving out the store
 * when it lies inside (an adapter beside the store in the user's working
 * folder). Pure.
 */
export function adapterTarArgs(share: AdapterShare, storeDir: string): string[] {
  const inside = relative(share.dir, storeDir);
  const excludes = inside !== "" && !inside.startsWith("..") && !isAbsolute(inside) ? [`--exclude=./${inside}`] : [];
  const what = share.files === undefined ? ["."] : share.files.map((f) => `./${f}`);
  return ["-C", share.dir, ...PACK_AS_ROOT, "-cz", ...excludes, ...what];
}

/** The host's command that replaces `remoteDir` with the archive on stdin, readable by root only. Pure. */
export function unpackAdapterCommand(remoteDir: string): string {
  const dir = shellWord(remoteDir);
  return `rm -rf ${dir} && mkdir -m 700 ${dir} && ${UNPACK} -xz -C ${dir} && chmod -R go-rwx ${dir}`;
}

/**
 * Copies the share into `remoteDir` on `host` (replacing what was there);
 * throws "runtime.command-failed" naming the host and the cause when
 * packing or unpacking fails.
 */
export async function deployAdapterFolder(host: SshHost, share: AdapterShare, remoteDir: string, opts: { readonly storeDir: string }): Promise<void> {
  const fail = (why: string): HarnessError => new HarnessError("runtime.command-failed", `Cannot copy the adapter's folder "${share.dir}" to host "${host.target.host}": ${why}`);
  const channel = await host.open(unpackAdapterCommand(remoteDir));
  const stderr: Buffer[] = [];
  channel.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  channel.resume();
  const tar = spawn("tar", adapterTarArgs(share, opts.storeDir), { stdio: ["ignore", "pipe", "pipe"] });
  let tarErr = "";
  tar.stderr.on("data", (chunk: Buffer) => (tarErr += chunk.toString()));
  const packed = new Promise<number | null>((resolve) => {
    tar.on("error", () => resolve(null));
    tar.on("close", (code) => resolve(code));
  });
  tar.stdout.pipe(channel);
  const [tarCode, { code }] = await Promise.all([packed, channel.done]);
  if (tarCode !== 0) throw fail(`packing it failed (tar: ${tarErr.trim().split("\n").at(-1) ?? `exit ${tarCode}`})`);
  if (code !== 0) throw fail(`unpacking it failed: ${Buffer.concat(stderr).toString().trim().split("\n").at(-1) ?? `exit ${code}`}`);
}
