/**
 * A user's adapter module on the hosts: the module's folder (the module,
 * the programs its `service.start` names beside it, its own node_modules)
 * is copied into the run's folder on every host, where clients load the
 * module and lock nodes run its service. The run's paths name the local
 * folder; the path map makes them the host's copy.
 */
import { spawn } from "node:child_process";
import { isAbsolute, relative } from "node:path";
import { HarnessError } from "../../../core/index.js";
import { shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** Where a run's adapter folder goes on a host. Pure. */
export function remoteAdapterDir(runDir: string): string {
  return `${runDir}/adapter`;
}

/**
 * The arguments of the local `tar` that packs `dir`, leaving out the store
 * when it lies inside (an adapter beside the store in the user's working
 * folder). Pure.
 */
export function adapterTarArgs(dir: string, storeDir: string): string[] {
  const inside = relative(dir, storeDir);
  const excludes = inside !== "" && !inside.startsWith("..") && !isAbsolute(inside) ? [`--exclude=./${inside}`] : [];
  return ["-C", dir, "-cz", ...excludes, "."];
}

/**
 * Copies the local folder `dir` into `remoteDir` on `host` (replacing what
 * was there); throws "runtime.command-failed" naming the host and the cause
 * when packing or unpacking fails.
 */
export async function deployAdapterFolder(host: SshHost, dir: string, remoteDir: string, opts: { readonly storeDir: string }): Promise<void> {
  const fail = (why: string): HarnessError => new HarnessError("runtime.command-failed", `Cannot copy the adapter's folder "${dir}" to host "${host.target.host}": ${why}`);
  const channel = await host.open(`rm -rf ${shellWord(remoteDir)} && mkdir -p ${shellWord(remoteDir)} && tar -xz -C ${shellWord(remoteDir)}`);
  const stderr: Buffer[] = [];
  channel.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  channel.resume();
  const tar = spawn("tar", adapterTarArgs(dir, opts.storeDir), { stdio: ["ignore", "pipe", "pipe"] });
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
