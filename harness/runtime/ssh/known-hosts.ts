/**
 * Pure reading of OpenSSH's known_hosts: which keys a host may present.
 * Plain names (`host`, `[host]:port`, comma lists) and hashed ones
 * (`|1|salt|hmac`) are understood; `@revoked` lines refuse their key and
 * `@cert-authority` lines are ignored (certificates are not used).
 */
import { createHmac } from "node:crypto";

/** One key a known_hosts file accepts for a host. */
export interface KnownKey {
  /** "ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-rsa", ... */
  readonly type: string;
  /** The key in SSH wire format (the base64 field decoded). */
  readonly blob: Buffer;
}

/** What the file says about one host. */
export interface HostKeys {
  readonly known: readonly KnownKey[];
  readonly revoked: readonly KnownKey[];
}

/** The name known_hosts uses for a host and port: `host`, or `[host]:port` off port 22. Pure. */
export function knownHostsName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

/** The keys `text` lists for `host` at `port`. Pure. */
export function keysFor(text: string, host: string, port: number): HostKeys {
  const name = knownHostsName(host, port);
  const known: KnownKey[] = [];
  const revoked: KnownKey[] = [];
  for (const raw of text.split("\n")) {
    const fields = raw.trim().split(/\s+/);
    if (fields[0] === undefined || fields[0] === "" || fields[0].startsWith("#")) continue;
    const marker = fields[0].startsWith("@") ? fields.shift() : undefined;
    const [names, type, base64] = fields;
    if (names === undefined || type === undefined || base64 === undefined || marker === "@cert-authority") continue;
    if (!namesMatch(names, name)) continue;
    (marker === "@revoked" ? revoked : known).push({ type, blob: Buffer.from(base64, "base64") });
  }
  return { known, revoked };
}

/** The line that records `blob` for `host` at `port` (for accept-new). Pure. */
export function knownHostsLine(host: string, port: number, blob: Buffer): string {
  return `${knownHostsName(host, port)} ${keyType(blob)} ${blob.toString("base64")}`;
}

/** The key type named at the start of a wire-format key blob. Pure. */
export function keyType(blob: Buffer): string {
  if (blob.length < 4) return "unknown";
  const length = blob.readUInt32BE(0);
  return blob.subarray(4, 4 + length).toString("latin1");
}

function namesMatch(names: string, name: string): boolean {
  if (names.startsWith("|1|")) {
    const [, , salt, hash] = names.split("|");
    if (salt === undefined || hash === undefined) return false;
    return createHmac("sha1", Buffer.from(salt, "base64")).update(name).digest("base64") === hash;
  }
  let matched = false;
  for (const pattern of names.split(",")) {
    const negated = pattern.startsWith("!");
    if (!globMatch(negated ? pattern.slice(1) : pattern, name)) continue;
    if (negated) return false;
    matched = true;
  }
  return matched;
}

function globMatch(pattern: string, name: string): boolean {
  const regex = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  return new RegExp(`^${regex}$`).test(name);
}
