/**
 * The storage kinds a run can use (`--storage`), each with one line on what
 * it is and its limits, for `fencecheck list`, and whether it needs a
 * fencing token to accept anything. The one list of storage kinds: the
 * CLI's choices, the run's start-up and `fencecheck list` all read it.
 */
import { HarnessError } from "../../core/index.js";

/** One storage kind's self-description. */
export interface StorageKindInfo {
  readonly name: string;
  readonly summary: string;
  readonly limits: string;
  /** True when a write without a token is always refused (useless with a token-less lock service). */
  readonly needsToken: boolean;
  /**
   * What a storage node runs: "storage", our storage service in mode
   * `name`; "postgres", PostgreSQL plus our proxy in mode `mode`; "s3", an
   * S3 server behind our journaling pass-through, spoken to with the AWS SDK.
   */
  readonly backend: { readonly kind: "storage" | "postgres" | "s3"; readonly mode: string };
}

/** Every storage kind, in the order `fencecheck list` prints them. */
export function storageKinds(): readonly StorageKindInfo[] {
  return [
    { name: "fenced", summary: "our storage service: rejects a write whose token is below the highest it accepted for the key",
      limits: "needs a fencing token on every write", needsToken: true, backend: { kind: "storage", mode: "fenced" } },
    { name: "unfenced", summary: "our storage service: accepts every write, like an object store without conditions",
      limits: "cannot reject a stale holder's write: that is the point", needsToken: false, backend: { kind: "storage", mode: "unfenced" } },
    { name: "cas", summary: "our storage service: a write carries the version its writer read and is accepted only if still current",
      limits: "stops lost updates, not a stale holder that reads after the new holder wrote", needsToken: false, backend: { kind: "storage", mode: "cas" } },
    { name: "file", summary: "our storage service keeping each key as a plain file, overwritten with no condition",
      limits: "unfenced: the seed's honest limitation of a plain file", needsToken: false, backend: { kind: "storage", mode: "file" } },
    { name: "postgres-fenced", summary: "PostgreSQL table kv: an upsert WHERE highest <= token; accepted = a row was affected",
      limits: "needs a fencing token on every write; bring-up runs initdb (about 1 s)", needsToken: true, backend: { kind: "postgres", mode: "fenced" } },
    { name: "postgres-unfenced", summary: "PostgreSQL table kv: a plain upsert, accepted whatever the token",
      limits: "cannot reject a stale holder's write", needsToken: false, backend: { kind: "postgres", mode: "unfenced" } },
    { name: "s3", summary: "an S3 API server from npm (@20minutes/s3rver) written with the AWS SDK's PutObject, unconditionally; the token rides as metadata",
      limits: "an object store without conditions: cannot reject a stale holder's write", needsToken: false, backend: { kind: "s3", mode: "s3" } },
    { name: "s3-conditional", summary: "the same S3 server; each PutObject carries If-Match with the ETag its writer read (If-None-Match: * when it read nothing)",
      limits: "s3rver ignores If-Match and If-None-Match on PutObject: the condition is sent, not enforced, so a stale write is accepted",
      needsToken: false, backend: { kind: "s3", mode: "s3-conditional" } },
  ];
}

/** The kind named `name`; "config.invalid" naming the known ones otherwise. */
export function findStorageKind(name: string): StorageKindInfo {
  const kind = storageKinds().find((k) => k.name === name);
  if (kind) return kind;
  throw new HarnessError("config.invalid", `--storage "${name}" is not a storage kind (known: ${storageKinds().map((k) => k.name).join(", ")})`);
}
