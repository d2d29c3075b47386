/**
 * The built-in `proper-lockfile` adapter: proper-lockfile as its README
 * shows: `lockfile.lock(file, { stale, onCompromised })` resolves with a
 * `release` function. The lock is a directory `<file>.lock` made with mkdir
 * in a directory every client shares; the holder touches its mtime every
 * stale/2 ms, and a contender removes a lock whose mtime is older than
 * `stale` by the contender's own clock. stale is the run's TTL (the library
 * raises it to at least 2000 ms). Each resource is a file in the shared
 * directory. The default onCompromised throws, which would end the client:
 * ours records the loss (the README's documented option), and the release
 * of a compromised lock says the lease was lost. No fencing token.
 *
 * The shared directory is the lock node's data dir, which its node (a tiny
 * HTTP server: services/lockfile-dir) tells clients on connect. It is a
 * directory of the harness host, so every client must see the host's file
 * system: the local runtime's namespaces do, containers and SSH hosts do not.
 */
import { access, mkdir, open } from "node:fs/promises";
import { get } from "node:http";
import { join } from "node:path";
import lockfile from "proper-lockfile";
import { launchProgramPath } from "../entrypoints.js";
import { clientRng, lockBusy, retryDelayMs, sleepUnlessAborted, unavailable, withDeadline } from "./adapter-helpers.js";
import type { LockAdapter, LockClient, LockServiceNode } from "./lock-adapter.js";
import { LockError } from "./lock-error.js";

const ATTEMPT_MS = 2000;

interface FileLease {
  readonly token: null;
  readonly release: () => Promise<void>;
  readonly compromised: { value: boolean };
}

/** The body of one GET (node:http: the first fetch in a process loads undici, which takes seconds on a loaded machine). */
function httpGet(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = get(url, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => void (body += chunk));
      response.on("end", () => resolve(body));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.setTimeout(ATTEMPT_MS, () => request.destroy(new Error(`no answer from ${url}`)));
  });
}

/** How often a client asks the lock node for the directory before it gives up: the node may be restarting (a kill, a power loss). */
const DIR_ATTEMPTS = 5;
const DIR_RETRY_MS = 500;

/** The lock node's answer: where the shared directory is. Tried DIR_ATTEMPTS times, DIR_RETRY_MS apart. */
async function askDir(endpoint: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (JSON.parse(await withDeadline(httpGet(`http://${endpoint}/`), ATTEMPT_MS, `ask ${endpoint} for the lock directory`)) as { dir: string }).dir;
    } catch (error) {
      if (attempt >= DIR_ATTEMPTS) throw unavailable(`ask the lock node ${endpoint} where the lock directory is`, error);
      await new Promise((resolve) => setTimeout(resolve, DIR_RETRY_MS));
    }
  }
}

/** Asks the lock node where the shared directory is, and checks that this client sees it. */
async function sharedDir(endpoint: string): Promise<string> {
  const dir = await askDir(endpoint);
  try {
    await access(dir);
  } catch {
    throw new LockError("unavailable", `Cannot use proper-lockfile: the lock directory "${dir}" is not visible from this client (it needs a file system shared by all clients: --runtime local)`, true);
  }
  return dir;
}

/** The file a resource's lock guards: made once, since the library resolves the real path of an existing file. */
async function resourceFile(dir: string, resource: string): Promise<string> {
  const file = join(dir, encodeURIComponent(resource));
  await mkdir(dir, { recursive: true });
  await (await open(file, "a")).close();
  return file;
}

function isBusy(error: unknown): boolean {
  return (error as { code?: unknown }).code === "ELOCKED";
}

async function lockfileClient(endpoints: readonly string[], clientId: string): Promise<LockClient> {
  const first = endpoints[0];
  if (first === undefined) throw new LockError("unavailable", "Cannot find the lock directory: no endpoints", true);
  const dir = await sharedDir(first);
  const rng = clientRng(clientId);
  return {
    async acquire(resource, { ttlMs, signal }) {
      try {
        const file = await resourceFile(dir, resource);
        for (;;) {
          const compromised = { value: false };
          try {
            const options = { stale: ttlMs, onCompromised: () => { compromised.value = true; } };
            const attempt = lockfile.lock(file, options);
            try {
              const release = await withDeadline(attempt, ATTEMPT_MS, `lock "${resource}" with proper-lockfile`);
              return { token: null, release, compromised } satisfies FileLease;
            } catch (error) {
              // An attempt we stopped waiting for may still take the lock, and would keep it fresh forever: release it then.
              if (error instanceof LockError) void attempt.then((release) => release()).catch(() => undefined);
              throw error;
            }
          } catch (error) {
            if (!isBusy(error)) throw error;
          }
          if (signal.aborted) throw lockBusy(resource, "proper-lockfile");
          await sleepUnlessAborted(retryDelayMs(rng), signal);
        }
      } catch (error) {
        if (error instanceof LockError) throw error;
        throw unavailable(`acquire "${resource}" with proper-lockfile`, error);
      }
    },
    async release(resource, lease) {
      const { release, compromised } = lease as unknown as FileLease;
      if (compromised.value) throw new LockError("lease-lost", `Cannot release "${resource}": proper-lockfile found the lock compromised (its mtime was not ours, or not updated within stale)`, true);
      try {
        await withDeadline(release(), ATTEMPT_MS, `release "${resource}" with proper-lockfile`);
      } catch (error) {
        if (error instanceof LockError) throw error;
        if ((error as { code?: unknown }).code === "ERELEASED" || compromised.value) {
          throw new LockError("lease-lost", `Cannot release "${resource}": proper-lockfile found the lock compromised`, true);
        }
        throw unavailable(`release "${resource}" with proper-lockfile`, error);
      }
    },
  };
}

/** The lock node: serves the shared directory's path (the node's data dir). */
function directoryLaunch(node: LockServiceNode) {
  return { argv: [process.execPath, launchProgramPath("lockfile-dir"), "--host", node.host, "--port", String(node.port), "--dir", join(node.dataDir, "locks")] };
}

/** The built-in proper-lockfile adapter (one directory node; the local runtime only). */
export const properLockfileAdapter: LockAdapter = {
  name: "proper-lockfile",
  service: { nodes: 1, start: directoryLaunch },
  connect: async ({ endpoints, clientId }) => lockfileClient(endpoints, clientId),
};
