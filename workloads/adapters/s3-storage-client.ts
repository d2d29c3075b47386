/**
 * The storage client for S3 storage (`--storage s3`, `s3-conditional`): the
 * AWS SDK's GetObject and PutObject against the S3 storage node. The value
 * is the object's body; the writer's token and id travel as metadata, which
 * S3 stores but never compares. `s3` writes unconditionally; with
 * `conditional` a write carries the ETag its writer's last read saw
 * (If-Match), or If-None-Match: * when that read found no object, which is
 * how S3 offers compare-and-set. Whether the server honours it is the
 * server's business: the storage node records what it did.
 */
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { endpointUrl } from "./endpoint-url.js";
import { stableHash } from "./stable-hash.js";
import type { StorageClient, StorageClientOptions, StorageReadResult, StorageWriteResult } from "./storage-client.js";

const BUCKET = "fencecheck";

/** Creates the client; `conditional` sends the ETag the writer read with each write. */
export function createS3StorageClient(options: StorageClientOptions & { readonly conditional: boolean }): StorageClient {
  const timeoutMs = options.timeoutMs ?? 2000;
  const clients = options.endpoints.map((endpoint) => new S3Client({
    endpoint: endpointUrl(endpoint), region: "us-east-1", forcePathStyle: true, maxAttempts: 1,
    // s3rver's fixed test credentials; plain bodies (no aws-chunked checksum trailers) so the node can journal them.
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED",
  }));
  if (clients.length === 0) throw new Error("Cannot create an S3 storage client: no storage endpoints");
  const clientFor = (key: string): S3Client => clients[stableHash(key) % clients.length] as S3Client;
  const endpointFor = (key: string): string => options.endpoints[stableHash(key) % options.endpoints.length] as string;

  return {
    endpointFor,
    async read(key, signal): Promise<StorageReadResult> {
      try {
        const got = await clientFor(key).send(new GetObjectCommand({ Bucket: BUCKET, Key: key }), { abortSignal: deadline(timeoutMs, signal) });
        const value = (await got.Body?.transformToString("utf8")) ?? null;
        const version = options.conditional ? { version: got.ETag ?? null } : {};
        return { kind: "value", value, token: got.Metadata?.["fencing-token"] ?? null, ...version };
      } catch (error) {
        if (status(error) === 404) return { kind: "value", value: null, token: null, ...(options.conditional ? { version: null } : {}) };
        return unanswered(error);
      }
    },
    async write(request, signal): Promise<StorageWriteResult> {
      const condition = !options.conditional || request.version === undefined ? {}
        : request.version === null ? { IfNoneMatch: "*" } : { IfMatch: request.version };
      const metadata = { client: request.client, ...(request.token !== null ? { "fencing-token": request.token } : {}) };
      try {
        await clientFor(request.key).send(new PutObjectCommand({ Bucket: BUCKET, Key: request.key, Body: request.value, Metadata: metadata, ...condition }),
          { abortSignal: deadline(timeoutMs, signal) });
        return { kind: "accepted", highest: null };
      } catch (error) {
        const code = status(error);
        if (code === 412) return { kind: "rejected", reason: "precondition-failed", highest: null };
        // Any other 4xx refused the request outright; a 5xx or no answer may have acted on it.
        if (code !== undefined && code >= 400 && code < 500) return { kind: "rejected", reason: `status-${code}`, highest: null };
        return unanswered(error);
      }
    },
  };
}

function deadline(ms: number, signal: AbortSignal | undefined): AbortSignal {
  return signal ? AbortSignal.any([signal, AbortSignal.timeout(ms)]) : AbortSignal.timeout(ms);
}

function status(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function unanswered(error: unknown): { kind: "unanswered"; message: string; timedOut: boolean } {
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message.split("\n")[0] ?? name : String(error);
  return { kind: "unanswered", message, timedOut: name === "AbortError" || name === "TimeoutError" };
}
