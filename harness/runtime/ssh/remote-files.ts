/**
 * Brings what a node wrote on its host to the same paths on this machine:
 * a directory arrives as a tar stream unpacked over the local one (logs
 * already here stay), a file's lines are appended to the local file (several
 * storage nodes append to one storage.jsonl). A file is appended only when
 * it arrived whole: the remote `cat` exited 0 and sent as many bytes as the
 * host said the file has. Otherwise nothing is appended and
 * `<file>.incomplete` names the host, the file and why, so no checker takes
 * a partial storage.jsonl for the whole one.
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { HarnessError, INCOMPLETE_SUFFIX, messageOf } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/**
 * Copies `remote` on the host into `local` here; a path the host does not
 * have is skipped. Throws "runtime.command-failed" when a directory cannot
 * be copied (either tar failing; the host's tar saying only that a file
 * changed as it read it is not a failure: node logs and data, never read
 * by a checker, can still be written); a file that cannot be copied whole is
 * recorded in `<local>.incomplete` instead (see the module comment).
 */
export async function fetchPath(host: SshHost, remote: string, local: string, clock: Clock): Promise<void> {
  const probe = await runRemote(host, `if [ -d ${shellWord(remote)} ]; then echo dir; elif [ -f ${shellWord(remote)} ]; then echo "file $(wc -c < ${shellWord(remote)})"; elif [ -e ${shellWord(remote)} ]; then echo other; else echo none; fi`, { clock });
  const [kind, size] = probe.stdout.trim().split(" ");
  if (probe.exitCode !== 0 || kind === undefined || kind === "" || (kind === "file" && !/^\d+$/.test(size ?? ""))) {
    const why = `the host could not say what it is (${probe.stderr.trim() || (probe.signal ? `no answer: ${probe.signal}` : `exit code ${probe.exitCode}`)})`;
    if (kind === "dir") throw fetchError(host, remote, why);
    markIncomplete(local, host, remote, why);
    return;
  }
  if (kind === "dir") await fetchDirectory(host, remote, local);
  else if (kind === "file") await fetchFile(host, { remote, local, size: Number(size) });
}

/** How long a node's folder may take to arrive: a copy past it is a failure, never a hang. */
const DIRECTORY_TIMEOUT_MS = 120_000;

async function fetchDirectory(host: SshHost, remote: string, local: string): Promise<void> {
  mkdirSync(local, { recursive: true });
  // Compressed, holes kept: services preallocate their logs (ZooKeeper's and etcd's are 64 MB of zeros each).
  const channel = await host.open(`tar -C ${shellWord(remote)} -cS -I ${shellWord("gzip -1")} .`);
  let remoteErr = "";
  channel.stderr.on("data", (chunk: Buffer) => (remoteErr += chunk.toString()));
  const tar = spawn("tar", ["-xz", "-C", local, "--no-same-owner"], { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  tar.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  tar.stdin.on("error", () => undefined);
  channel.pipe(tar.stdin);
  const copied = Promise.all([new Promise<number | null>((resolve) => tar.on("close", resolve)), channel.done]);
  const late = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), DIRECTORY_TIMEOUT_MS).unref());
  const outcome = await Promise.race([copied, late]);
  if (outcome === "late") {
    channel.close();
    tar.kill("SIGKILL");
    throw fetchError(host, remote, `the copy did not end within ${DIRECTORY_TIMEOUT_MS / 1000} s`);
  }
  const [code, exit] = outcome;
  // GNU tar's exit 1 is "a file changed as we read it" (a node's log or data still written): the copy stands, the rest failed.
  if (exit.code !== 0 && exit.code !== 1) throw fetchError(host, remote, `the host's tar ${exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`}: ${remoteErr.trim()}`);
  if (code !== 0) throw fetchError(host, remote, `tar exited with code ${code}: ${stderr.trim()}`);
}

async function fetchFile(host: SshHost, file: { readonly remote: string; readonly local: string; readonly size: number }): Promise<void> {
  mkdirSync(dirname(file.local), { recursive: true });
  const chunks: Buffer[] = [];
  let exit;
  try {
    const channel = await host.open(`cat ${shellWord(file.remote)}`);
    channel.on("data", (chunk: Buffer) => chunks.push(chunk));
    channel.stderr.resume();
    exit = await channel.done;
  } catch (error) {
    markIncomplete(file.local, host, file.remote, `cannot copy it: ${messageOf(error)}`);
    return;
  }
  const bytes = Buffer.concat(chunks);
  if (exit.code !== 0) {
    markIncomplete(file.local, host, file.remote, `cat ${exit.signal ? `was killed by ${exit.signal}` : exit.code === null ? "ended without an exit status" : `exited with code ${exit.code}`} after ${bytes.length} of ${file.size} bytes`);
  } else if (bytes.length < file.size) {
    markIncomplete(file.local, host, file.remote, `only ${bytes.length} of its ${file.size} bytes arrived`);
  } else {
    appendFileSync(file.local, bytes);
  }
}

/** Adds a line to `<local>.incomplete`: the file here is not the whole of what the host had. */
function markIncomplete(local: string, host: SshHost, remote: string, why: string): void {
  mkdirSync(dirname(local), { recursive: true });
  appendFileSync(`${local}${INCOMPLETE_SUFFIX}`, `host "${host.target.host}": "${remote}": ${why}\n`);
}

function fetchError(host: SshHost, remote: string, why: string): HarnessError {
  return new HarnessError("runtime.command-failed", `Cannot fetch "${remote}" from host "${host.target.host}": ${why}`);
}
