/**
 * The docker runtime's check of a lock service image before a run: it must
 * be on the engine (fencecheck never pulls), and when the run's clock
 * faults reach it, the program it runs must load glibc's dynamic loader,
 * or `LD_PRELOAD` of libfaketime never takes hold (a static binary, a musl
 * image), and must not be a Go program (it reads the clock itself). The program is read from a created, never started,
 * container of the image, through the engine's archive API.
 */
import { posix } from "node:path";
import type { Readable } from "node:stream";
import type Docker from "dockerode";
import { HarnessError, messageOf, type ImageCheck } from "../../../core/index.js";
import type { DockerEngine } from "./docker-engine.js";
import { runLabels } from "./docker-plan.js";
import { libcOf, programKind } from "../common/program-kind.js";
import { firstTarEntry, type TarEntry } from "./tar-entry.js";

/** Bytes of a file read at most: a program's headers and `#!` line are at its start. */
const HEAD_BYTES = 512 * 3 + 64 * 1024;
const MAX_HOPS = 16;
/** The run label of the short-lived container an image check makes (no run's, and never a folder): `clean` removes it as its controller's. */
export const IMAGE_CHECK_RUN = "image-check";

const DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** Throws the one-line refusal of `check` (see `Runtime.checkImage`); resolves when the image will do. */
export async function checkImage(engine: DockerEngine, check: ImageCheck, controllerId?: string): Promise<void> {
  const info = await engine.docker.getImage(check.name).inspect().catch(() => undefined);
  if (!info) {
    throw new HarnessError("config.invalid", `Cannot run image "${check.name}": it is not on the Docker engine at "${engine.address}" (fencecheck never pulls: build or load it there)`);
  }
  if (!check.clock) return;
  const argv = check.argv.length > 0 ? check.argv : [...(info.Config.Entrypoint ?? []), ...(info.Config.Cmd ?? [])];
  const path = (info.Config.Env ?? []).find((e) => e.startsWith("PATH="))?.slice(5) ?? DEFAULT_PATH;
  const container = await engine.docker.createContainer({ Image: check.name, Entrypoint: ["/fencecheck-image-check"], Cmd: [], Labels: runLabels(IMAGE_CHECK_RUN, controllerId) });
  try {
    const why = await whyNoFaketime(container, argv[0], path);
    if (why !== undefined) {
      throw new HarnessError("nemesis.unsupported-fault",
        `Cannot skew the clock of image "${check.name}": ${why}, so libfaketime (LD_PRELOAD) cannot reach it; skew the other nodes with --fault-opt clock.nodes=client,storage`);
    }
  } finally {
    await container.remove({ force: true }).catch(() => undefined);
  }
}

/** Why libfaketime cannot reach `program` in the container's image, or undefined when it can (glibc). */
async function whyNoFaketime(container: Docker.Container, program: string | undefined, path: string): Promise<string | undefined> {
  let name = program;
  for (let hop = 0; hop < 4; hop++) {
    if (name === undefined) return "it names no program to run";
    const found = await findProgram(container, name, path);
    if (found === undefined) return `its program "${name}" is not in the image`;
    const kind = programKind(found.content);
    if (kind.kind === "script") {
      const [interpreter, next] = kind.interpreter;
      name = posix.basename(interpreter ?? "") === "env" ? next : interpreter;
      continue;
    }
    if (kind.kind === "other") return `its program "${found.path}" is neither an ELF binary nor a script`;
    if (kind.go) return `its program "${found.path}" is a Go program, which reads the clock through the vDSO, never through libc`;
    const libc = libcOf(kind.interpreter);
    if (libc === "static") return `its program "${found.path}" is statically linked`;
    if (libc === "musl") return `its program "${found.path}" is linked against musl ("${kind.interpreter}"), not glibc`;
    if (libc === "unknown") return `its program "${found.path}" loads "${kind.interpreter}", not glibc's loader`;
    if (kind.interpreter === undefined || (await resolveFile(container, kind.interpreter)) === undefined) {
      return `its program "${found.path}" needs the loader "${kind.interpreter}", which the image lacks`;
    }
    return undefined;
  }
  return `its program "${program}" goes through too many interpreters`;
}

/** The program's file: an absolute path as is, a bare name searched along PATH. */
async function findProgram(container: Docker.Container, name: string, path: string): Promise<{ path: string; content: Buffer } | undefined> {
  const candidates = name.includes("/") ? [posix.resolve("/", name)] : path.split(":").filter(Boolean).map((dir) => posix.join(dir, name));
  for (const candidate of candidates) {
    const found = await resolveFile(container, candidate);
    if (found) return found;
  }
  return undefined;
}

/** Follows symlinks hop by hop to a regular file; undefined when there is none. */
async function resolveFile(container: Docker.Container, start: string): Promise<{ path: string; content: Buffer } | undefined> {
  let path = start;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const entry = await readEntry(container, path);
    if (entry?.type === "file") return { path, content: entry.content };
    if (entry?.type !== "symlink") return undefined;
    path = posix.resolve(posix.dirname(path), entry.target);
  }
  return undefined;
}

/** The first tar entry the engine gives for `path`, read no further than its head. */
async function readEntry(container: Docker.Container, path: string): Promise<TarEntry | undefined> {
  let stream: Readable;
  try {
    stream = (await container.getArchive({ path })) as unknown as Readable;
  } catch (error) {
    if (/no such file|not found|404/i.test(messageOf(error))) return undefined;
    throw error;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= HEAD_BYTES) break;
  }
  stream.destroy();
  return firstTarEntry(Buffer.concat(chunks));
}
