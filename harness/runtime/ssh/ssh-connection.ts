/**
 * SSH connections to one host, opened once and reused for the whole run.
 * sshd allows only so many sessions on one connection (MaxSessions, 10 by
 * default), so a host keeps a small pool: a channel goes on the first
 * connection with room, and a new connection is opened only when all are
 * full. Host keys are checked against known_hosts; with `acceptNew` a host
 * that has no entry gets one (a changed key is always refused).
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type ssh2 from "ssh2";
import type { ClientChannel, ConnectConfig } from "ssh2";
import type { Clock } from "../../../core/index.js";
import { shellWord } from "../common/shell-word.js";
import { keysFor, keyType, knownHostsLine } from "./known-hosts.js";
import { hostError, type HostKeyProblem } from "./ssh-errors.js";

/** How to reach one host. */
export interface SshTarget {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  /** A private key file; the SSH agent (SSH_AUTH_SOCK) and ~/.ssh/id_* otherwise. */
  readonly keyFile: string | undefined;
  readonly knownHostsFile: string;
  /** Accept and record the key of a host that known_hosts does not list (OpenSSH's accept-new). */
  readonly acceptNew: boolean;
  /** Run every command as root through `sudo -n` (the user is not root). */
  readonly sudo?: boolean;
}

/** How a remote command ended: its exit code, or the signal that killed it (both null when the connection went first). */
export interface ChannelExit {
  readonly code: number | null;
  readonly signal: string | null;
}

/**
 * An open channel running one remote command. `done` settles when the
 * channel closes, with the exit status: it is listened for from the moment
 * the channel opens, since a quick command's status can arrive before the
 * caller gets the channel.
 */
export type Channel = ClientChannel & { readonly done: Promise<ChannelExit> };

/** The connections to one host. */
export interface SshHost {
  readonly target: SshTarget;
  /** True when this host's key was recorded under accept-new. */
  readonly acceptedNewKey: boolean;
  /** Opens a channel that runs `command` (a shell command line) on the host, as root through sudo when the target says so. */
  open(command: string): Promise<Channel>;
  /** Closes every connection. */
  close(): void;
}

const SESSIONS_PER_CONNECTION = 8;

/**
 * Connects to the host, within `timeoutMs`. Rejects with a "config.invalid"
 * HarnessError naming the host and the cause (refused, unreachable, key
 * refused, host key unknown or changed).
 */
export async function connectHost(target: SshTarget, opts: { readonly timeoutMs: number; readonly clock: Clock; readonly defaultKeys: readonly string[] }): Promise<SshHost> {
  let acceptedNewKey = false;
  const pool: { client: ssh2.Client; channels: number }[] = [];
  const config = connectConfig(target, opts.timeoutMs, opts.defaultKeys);
  async function add(): Promise<{ client: ssh2.Client; channels: number }> {
    const verified = await openClient(target, config, opts.timeoutMs);
    acceptedNewKey ||= verified.acceptedNewKey;
    const entry = { client: verified.client, channels: 0 };
    pool.push(entry);
    verified.client.on("close", () => pool.splice(pool.indexOf(entry) >>> 0, 1));
    return entry;
  }
  async function openOn(entry: { client: ssh2.Client; channels: number }, command: string): Promise<Channel> {
    entry.channels++;
    const channel = await new Promise<Channel>((resolve, reject) => {
      entry.client.exec(target.sudo === true ? sudoCommand(command) : command, (error, stream) => (error ? reject(error) : resolve(withDone(stream))));
    }).catch((error: unknown) => {
      entry.channels--;
      throw error;
    });
    channel.on("close", () => entry.channels--);
    return channel;
  }
  await add();
  return {
    target,
    get acceptedNewKey() {
      return acceptedNewKey;
    },
    async open(command) {
      const entry = pool.find((e) => e.channels < SESSIONS_PER_CONNECTION) ?? (await add());
      return openOn(entry, command).catch(async (error: unknown) => {
        // sshd refused a session where we counted room (it frees a closed one later than we do,
        // and a loaded host may refuse a fork): once more, on a connection of its own.
        if (!(error instanceof Error) || !error.message.includes("Channel open failure")) throw error;
        return openOn(await add(), command);
      });
    },
    close() {
      for (const entry of pool.splice(0)) entry.client.end();
    },
  };
}

/**
 * `command` run as root by `sudo -n` (never a password prompt: sudo fails
 * instead), in a session of its own as sshd gives a root login's shell, so
 * that its PID is its process group's and the run's group signals reach it. Pure.
 */
export function sudoCommand(command: string): string {
  return `sudo -n -- setsid -w sh -c ${shellWord(command)}`;
}

function connectConfig(target: SshTarget, timeoutMs: number, defaultKeys: readonly string[]): ConnectConfig {
  const keyFile = target.keyFile ?? defaultKeys.find((file) => existsSync(file));
  return {
    host: target.host,
    port: target.port,
    username: target.user,
    readyTimeout: timeoutMs,
    keepaliveInterval: 5_000,
    ...(keyFile === undefined ? {} : { privateKey: readFileSync(keyFile) }),
    ...(process.env["SSH_AUTH_SOCK"] ? { agent: process.env["SSH_AUTH_SOCK"] } : {}),
  };
}

/** One verified, authenticated connection. */
function openClient(target: SshTarget, base: ConnectConfig, timeoutMs: number): Promise<{ client: ssh2.Client; acceptedNewKey: boolean }> {
  const text = existsSync(target.knownHostsFile) ? readFileSync(target.knownHostsFile, "utf8") : "";
  const keys = keysFor(text, target.host, target.port);
  let problem: HostKeyProblem | undefined;
  let acceptedNewKey = false;
  const hostVerifier = (blob: Buffer): boolean => {
    if (keys.revoked.some((k) => k.blob.equals(blob))) problem = "revoked";
    else if (keys.known.some((k) => k.blob.equals(blob))) return true;
    else if (keys.known.length > 0) problem = "changed";
    else if (target.acceptNew) {
      appendFileSync(target.knownHostsFile, `${knownHostsLine(target.host, target.port, blob)}\n`, { mode: 0o600 });
      acceptedNewKey = true;
      return true;
    } else problem = "unknown";
    return false;
  };
  // Ask for a key type known_hosts lists, as OpenSSH does, so a host known by its ECDSA key is not refused for showing ed25519.
  const types = [...new Set(keys.known.flatMap((k) => algorithmsFor(keyType(k.blob))))];
  const config: ConnectConfig = { ...base, hostVerifier, ...(types.length > 0 ? { algorithms: { serverHostKey: types as never } } : {}) };
  return new Promise((resolve, reject) => {
    const client = new (loadSsh2().Client)();
    let ready = false;
    client.once("ready", () => {
      ready = true;
      resolve({ client, acceptedNewKey });
    });
    // After "ready" a failure shows as "close" (the pool forgets the connection); the channels on it end.
    client.on("error", (error) => {
      if (ready) return;
      client.end();
      reject(hostError(target, error, problem, timeoutMs));
    });
    client.connect(config);
  });
}

/** The host key algorithms that present a key of `type` (an RSA key signs with SHA-2 too). */
function algorithmsFor(type: string): string[] {
  return type === "ssh-rsa" ? ["rsa-sha2-512", "rsa-sha2-256", "ssh-rsa"] : [type];
}

function withDone(stream: ClientChannel): Channel {
  let exit: ChannelExit = { code: null, signal: null };
  stream.on("exit", (code: number | null, signal?: string) => {
    exit = code !== null ? { code, signal: null } : { code: null, signal: signal === undefined ? null : `SIG${signal}` };
  });
  const done = new Promise<ChannelExit>((resolve) => stream.on("close", () => resolve(exit)));
  return Object.assign(stream, { done });
}

/** ssh2 takes about 0.1 s to load: required on first use, so runs on other runtimes never load it. */
function loadSsh2(): typeof ssh2 {
  return createRequire(import.meta.url)("ssh2") as typeof ssh2;
}
