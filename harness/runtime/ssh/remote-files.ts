/**
 * Brings what a node wrote on its host to the same paths on this machine:
 * a directory arrives as a tar stream unpacked over the local one (logs
 * already here stay), a file's lines are appended to the local file (several
 * storage nodes append to one storage.jsonl).
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { HarnessError } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** Copies `remote` on the host into `local` here; a path the host does not have is skipped. */
export async function fetchPath(host: SshHost, remote: string, local: string, clock: Clock): Promise<void> {
  const kind = (await runRemote(host, `if [ -d ${shellWord(remote)} ]; then echo dir; elif [ -f ${shellWord(remote)} ]; then echo file; fi`, { clock })).stdout.trim();
  if (kind === "dir") await fetchDirectory(host, remote, local);
  else if (kind === "file") await fetchFile(host, remote, local);
}

async function fetchDirectory(host: SshHost, remote: string, local: string): Promise<void> {
  mkdirSync(local, { recursive: true });
  const channel = await host.open(`tar -C ${shellWord(remote)} -c .`);
  const tar = spawn("tar", ["-x", "-C", local, "--no-same-owner"], { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  tar.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  channel.pipe(tar.stdin);
  const code = await new Promise<number | null>((resolve) => tar.on("close", resolve));
  if (code !== 0) throw new HarnessError("runtime.command-failed", `Cannot fetch "${remote}" from host "${host.target.host}": tar exited with code ${code}: ${stderr.trim()}`);
}

async function fetchFile(host: SshHost, remote: string, local: string): Promise<void> {
  mkdirSync(dirname(local), { recursive: true });
  const channel = await host.open(`cat ${shellWord(remote)}`);
  const out = createWriteStream(local, { flags: "a" });
  channel.pipe(out);
  await new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
}
