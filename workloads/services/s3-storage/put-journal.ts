/**
 * The S3 storage node's journal of PutObject decisions. The S3 server is
 * not ours, so what it accepted is read from its answers: every PutObject
 * passes through this node on its way to the server, and each answer is
 * turned into a StorageRecord before the client sees it. Pure: the
 * upstream request and the clock are injected.
 *
 * A conditional PUT (If-Match: the ETag its writer read, or If-None-Match:
 * * when it read nothing) is recorded with `conditionHeld`: whether the
 * named ETag was the object's current one when the server decided, which
 * this node learns with a HEAD just before forwarding the PUT. PUTs are
 * forwarded one at a time, so nothing lands between the HEAD and the PUT.
 *
 * The same turns order the node's GETs with its PUTs (`createTurns`):
 * s3rver stores a PUT as two files, the body and then the metadata, and a
 * GET reads the metadata and then the body, so a GET beside a PUT could
 * answer one write's body with the previous write's token, which no S3
 * object ever holds (a torn read, seen in fault-free runs whose slow writer
 * outlived its lease).
 */
import type { StorageRecord } from "../../../core/index.js";

/** The S3 bucket every key lives in. */
export const S3_BUCKET = "fencecheck";

/** Metadata headers the harness's S3 client sets on every PutObject. */
export const S3_META = { token: "x-amz-meta-fencing-token", client: "x-amz-meta-client" } as const;

/** A PutObject as it arrived: the key, the headers (lower-case) and the body. */
export interface PutRequest {
  readonly key: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

/** What the node needs to decide and record. */
export interface PutJournalDeps {
  readonly node: string;
  readonly mode: "s3" | "s3-conditional";
  /** Harness-monotonic nanoseconds. */
  readonly nowNs: () => number;
  /** The object's current ETag on the server, or null when it does not exist. */
  readonly currentEtag: (key: string) => Promise<string | null>;
  /** Appends one storage.jsonl line. */
  readonly record: (record: StorageRecord) => void;
}

/** Wraps one forwarded PUT: records the server's answer, returns it unchanged. */
export type PutJournal = <A extends { readonly status: number }>(put: PutRequest, forward: () => Promise<A>) => Promise<A>;

/** Runs each task after every task given before it has settled; a task that fails does not stop the next. */
export type Turns = <T>(task: () => Promise<T>) => Promise<T>;

/** One line of turns (the order is the order of the calls). */
export function createTurns(): Turns {
  let queue: Promise<unknown> = Promise.resolve();
  return (task) => {
    const turn = queue.then(task);
    queue = turn.catch(() => undefined);
    return turn;
  };
}

/**
 * Creates the journal; `highest` token per key lives in its closure (since
 * this process started). PUTs take `turns` (default: a line of their own);
 * pass the line the node's GETs take too.
 */
export function createPutJournal(deps: PutJournalDeps, turns: Turns = createTurns()): PutJournal {
  const highest = new Map<string, string>();
  return (put, forward) =>
    turns(async () => {
      const condition = put.headers["if-match"] ?? (put.headers["if-none-match"] === "*" ? null : undefined);
      const before = condition === undefined ? undefined : await deps.currentEtag(put.key);
      const answer = await forward();
      const token = tokenOf(put.headers[S3_META.token]);
      const top = highest.get(put.key) ?? null;
      const accepted = answer.status >= 200 && answer.status < 300;
      if (accepted && token !== null && (top === null || BigInt(token) > BigInt(top))) highest.set(put.key, token);
      deps.record({
        time: deps.nowNs(), node: deps.node, key: put.key, value: put.body, token, client: put.headers[S3_META.client] ?? "",
        accepted, highest: top, ...(accepted ? {} : { reason: answer.status === 412 ? "precondition-failed" : `status-${answer.status}` }),
        mode: deps.mode, ...(condition === undefined ? {} : { conditionHeld: condition === before }),
        // One PUT at a time (the queue): the server decided this one after every earlier record's.
        serial: true,
      });
      return answer;
    });
}

function tokenOf(header: string | undefined): string | null {
  return header !== undefined && /^\d+$/.test(header) ? BigInt(header).toString() : null;
}
