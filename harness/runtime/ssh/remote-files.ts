/**
 * Brings what a node wrote on its host to the same paths on this machine:
 * a directory arrives as a tar stream unpacked over the local one (logs
 * already here stay), a file's lines are appended to the local file (several
 * storage nodes append to one storage.jsonl). A file is appended only when
 * it arrived whole: the remote `cat` exited 0 and sent as many bytes as the
 * host said the file has. Otherwise nothing is appended and
 * `<file>.incomplete` names the host, the file and why, so no checker takes
 * a partial storage.jsonl for the whole one.
 *
 * What a host sends is the host's, not root's: files land owned by the
 * harness's user with the modes its umask allows (no setuid or setgid bit
 * comes back from a host), a file never arrives through a symbolic link in
 * its local place, and a copy is bounded in time and size (a folder by
 * what it unpacks to).
 */
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { createGunzip } from "node:zlib";
import { HarnessError, INCOMPLETE_SUFFIX, messageOf } from "../../../core/index.js";
import type { Clock } from "../../../core/index.js";
import { APPEND_NO_FOLLOW } from "../common/node-log.js";
import { runRemote, shellWord } from "./remote-command.js";
import type { ChannelExit, SshHost } from "./ssh-connection.js";

/**
 * Copies `remote` on the host into `local` here; a path the host does not
 * have is skipped. Throws "runtime.command-failed" when a directory cannot
 * be copied (either tar failing; the host's tar saying only that a file
 * changed as it read it is not a failure: node logs and data, never read
 * by a checker, can still be written); a file that cannot be copied whole is
 * recorded in `<local>.incomplete` instead (see the module comment).
 */
export async function fetchPath(host: SshHost, remote: string, local: string, clock: Clock, maxDirectoryBytes = DIRECTORY_MAX_BYTES): Promise<void> {
  const probe = await runRemote(host, `if [ -d ${shellWord(remote)} ]; then echo dir; elif [ -f ${shellWord(remote)} ]; then echo "file $(wc -c < ${shellWord(remote)})"; elif [ -e ${shellWord(remote)} ]; then echo other; else echo none; fi`, { clock });
  const [kind, size] = probe.stdout.trim().split(" ");
  if (probe.exitCode !== 0 || kind === undefined || kind === "" || (kind === "file" && !/^\d+$/.test(size ?? ""))) {
    const why = `the host could not say what it is (${probe.stderr.trim() || (probe.signal ? `no answer: ${probe.signal}` : `exit code ${probe.exitCode}`)})`;
    if (kind === "dir") throw fetchError(host, remote, why);
    markIncomplete(local, host, remote, why);
    return;
  }
  if (kind === "dir") await fetchDirectory(host, remote, local, maxDirectoryBytes);
  else if (kind === "file") await fetchFile(host, { remote, local, size: Number(size) });
}

/** How long a node's folder may take to arrive: a copy past it is a failure, never a hang. */
const DIRECTORY_TIMEOUT_MS = 120_000;

/** How many bytes a node's folder may unpack to (the tar stream, holes not counted): past it the copy is a failure, never a full disk. */
export const DIRECTORY_MAX_BYTES = 4 * 1024 ** 3;

/** The local tar's options for what a host sends: our owner, our umask's modes (setuid and setgid dropped). */
export const UNPACK_AS_OURS = ["--no-same-owner", "--no-same-permissions"] as const;

/** The bounds of one file's copy (storage.jsonl of an hour's run is some hundreds of MB). */
export interface FileBounds {
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/** The default bounds: 120 s and 1 GiB. */
export const FILE_BOUNDS: FileBounds = { timeoutMs: 120_000, maxBytes: 1 << 30 };

async function fetchDirectory(host: SshHost, remote: string, local: string, maxBytes: number): Promise<void> {
  mkdirSync(local, { recursive: true });
  // Compressed, holes kept: services preallocate their logs (ZooKeeper's and etcd's are 64 MB of zeros each).
  const channel = await host.open(`tar -C ${shellWord(remote)} -cS -I ${shellWord("gzip -1")} .`);
  let remoteErr = "";
  channel.stderr.on("data", (chunk: Buffer) => (remoteErr += chunk.toString()));
  // Unzipped here, so that what the host sends is counted as what it unpacks to (a small gzip can hold a huge tar).
  const gunzip = createGunzip();
  const tar = spawn("tar", ["-x", "-C", local, ...UNPACK_AS_OURS], { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  tar.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  tar.stdin.on("error", () => undefined);
  gunzip.on("error", (error) => (stderr += `gzip: ${error.message}`));
  let unpacked = 0;
  let tooBig = false;
  gunzip.on("data", (chunk: Buffer) => {
    unpacked += chunk.length;
    if (unpacked <= maxBytes || tooBig) return;
    tooBig = true;
    channel.close();
    tar.kill("SIGKILL");
  });
  channel.pipe(gunzip).pipe(tar.stdin);
  const copied = Promise.all([new Promise<number | null>((resolve) => tar.on("close", resolve)), channel.done]);
  const late = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), DIRECTORY_TIMEOUT_MS).unref());
  const outcome = await Promise.race([copied, late]);
  if (outcome === "late") {
    channel.close();
    tar.kill("SIGKILL");
    throw fetchError(host, remote, `the copy did not end within ${DIRECTORY_TIMEOUT_MS / 1000} s`);
  }
  if (tooBig) throw fetchError(host, remote, `it unpacks to more than the ${maxBytes} bytes a node's folder may bring`);
  const [code, exit] = outcome;
  // GNU tar's exit 1 is "a file changed as we read it" (a node's log or data still written): the copy stands, the rest failed.
  if (exit.code !== 0 && exit.code !== 1) throw fetchError(host, remote, `the host's tar ${exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`}: ${remoteErr.trim()}`);
  if (code !== 0) throw fetchError(host, remote, `tar exited with code ${code}: ${stderr.trim()}`);
}

/**
 * Appends the remote file to the local one when it arrived whole; past
 * `bounds` (more bytes than the host announced or than `maxBytes`, or
 * longer than `timeoutMs`) the copy is cut and recorded as incomplete.
 */
export async function fetchFile(host: SshHost, file: { readonly remote: string; readonly local: string; readonly size: number }, bounds: FileBounds = FILE_BOUNDS): Promise<void> {
  mkdirSync(dirname(file.local), { recursive: true });
  if (file.size > bounds.maxBytes) {
    markIncomplete(file.local, host, file.remote, `its ${file.size} bytes are more than the ${bounds.maxBytes} a copy may bring`);
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  let cut: string | undefined;
  let exit: ChannelExit | undefined;
  try {
    const channel = await host.open(`cat ${shellWord(file.remote)}`);
    let stopped: () => void = () => undefined;
    const cutShort = new Promise<undefined>((resolve) => (stopped = () => resolve(undefined)));
    const stop = (why: string): void => {
      cut ??= why;
      channel.close();
      stopped();
    };
    channel.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > file.size) stop(`it sent more than the ${file.size} bytes it announced`);
      else chunks.push(chunk);
    });
    channel.stderr.resume();
    const late = setTimeout(() => stop(`the copy did not end within ${bounds.timeoutMs / 1000} s`), bounds.timeoutMs);
    try {
      exit = await Promise.race([channel.done, cutShort]);
    } finally {
      clearTimeout(late);
    }
  } catch (error) {
    markIncomplete(file.local, host, file.remote, `cannot copy it: ${messageOf(error)}`);
    return;
  }
  const bytes = Buffer.concat(chunks);
  if (cut !== undefined || exit === undefined) {
    markIncomplete(file.local, host, file.remote, `${cut ?? "the copy was cut short"}: nothing of it was kept`);
  } else if (exit.code !== 0) {
    markIncomplete(file.local, host, file.remote, `cat ${exit.signal ? `was killed by ${exit.signal}` : exit.code === null ? "ended without an exit status" : `exited with code ${exit.code}`} after ${bytes.length} of ${file.size} bytes`);
  } else if (bytes.length < file.size) {
    markIncomplete(file.local, host, file.remote, `only ${bytes.length} of its ${file.size} bytes arrived`);
  } else {
    appendNoFollow(file.local, bytes);
  }
}

/** Appends to `path`, never through a symbolic link in its place. */
function appendNoFollow(path: string, bytes: Buffer): void {
  const fd = openSync(path, APPEND_NO_FOLLOW, 0o644);
  try {
    writeSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
}

/** Adds a line to `<local>.incomplete`: the file here is not the whole of what the host had. */
function markIncomplete(local: string, host: SshHost, remote: string, why: string): void {
  mkdirSync(dirname(local), { recursive: true });
  appendNoFollow(`${local}${INCOMPLETE_SUFFIX}`, Buffer.from(`host "${host.target.host}": "${remote}": ${why}\n`));
}

function fetchError(host: SshHost, remote: string, why: string): HarnessError {
  return new HarnessError("runtime.command-failed", `Cannot fetch "${remote}" from host "${host.target.host}": ${why}`);
}
