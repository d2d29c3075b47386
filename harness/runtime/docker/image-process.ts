/**
 * A service that ships as an image (`ProcessSpec.image`), run as its own
 * container beside the node's: it joins the node container's network
 * namespace (`NetworkMode: container:<node>`), so the node's address,
 * partitions, loss and delay (applied from the host into that namespace)
 * are its own, and the image needs no iptables. Its output goes to the
 * spec's log; on a local engine its PID is its real PID on this host.
 */
import { PassThrough } from "node:stream";
import type Docker from "dockerode";
import { HarnessError, messageOf } from "../../../core/index.js";
import type { NodeId, ProcessExit, ProcessImage, ProcessSpec } from "../../../core/index.js";
import { endLog, logStream, openLogFd } from "../common/node-log.js";
import { processHandle, stdoutLines } from "../common/process-handle.js";
import type { ExecProcess } from "./exec-process.js";
import { exitFromCode } from "./exec-process.js";
import { runLabels } from "./docker-plan.js";

/** The node label's companion: which node an image container serves. */
export const IMAGE_OF_LABEL = "fencecheck.image-of";

/** Where and how to run one image container. */
export interface ImageTarget {
  readonly node: NodeId;
  readonly runId: string;
  /** The run's controller (see controller-id.ts), labelled on the container. */
  readonly controllerId?: string;
  readonly docker: Docker;
  /** The node's own container, whose network namespace the image joins. */
  readonly nodeContainer: string;
  /** This container's name (unique in the run: a restart gets a new one). */
  readonly name: string;
  /** Bind mounts ("host:container:mode"): the store, and the clock files when faked. */
  readonly binds: readonly string[];
  /** Environment added before the spec's own (clock variables). */
  readonly env: Readonly<Record<string, string>>;
  /** Delivers a signal to the main process by host PID (local engine); absent: through the engine. */
  readonly signalPid?: (pid: number, signal: NodeJS.Signals) => void;
  readonly onLogFailure: (error: HarnessError) => void;
}

/** A started image container: the tracked process and the container it is. */
export interface ImageProcess {
  readonly proc: ExecProcess;
  readonly container: Docker.Container;
}

/**
 * Create options of an image container: `argv` replaces the image's
 * entrypoint and command (empty keeps both), never privileged, no added
 * capabilities, labelled with the run so `clean` removes it. Pure.
 */
export function imageCreateOptions(target: Omit<ImageTarget, "docker" | "signalPid" | "onLogFailure">, spec: ProcessSpec, image: ProcessImage): Docker.ContainerCreateOptions {
  return {
    name: target.name,
    Image: image.name,
    ...(spec.argv.length > 0 ? { Entrypoint: [...spec.argv], Cmd: [] } : {}),
    Env: Object.entries({ ...target.env, ...spec.env }).map(([k, v]) => `${k}=${v}`),
    ...(image.user ? { User: image.user } : {}),
    ...(spec.cwd ? { WorkingDir: spec.cwd } : {}),
    Labels: { ...runLabels(target.runId, target.controllerId), [IMAGE_OF_LABEL]: target.node },
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
    HostConfig: {
      Binds: [...target.binds],
      NetworkMode: `container:${target.nodeContainer}`,
      Privileged: false,
      Init: false,
      AutoRemove: false,
    },
  };
}

/**
 * Creates and starts the image's container and resolves once it runs,
 * with its main PID. Rejects with "runtime.node-start-failed" naming the
 * node and image when the engine refuses it (an image that is not there).
 */
export async function startImageProcess(target: ImageTarget, spec: ProcessSpec, image: ProcessImage): Promise<ImageProcess> {
  const shown = spec.argv.length > 0 ? ` ${spec.argv.join(" ")}` : "";
  const log = logStream(openLogFd(spec.logFile, `--- fencecheck: starting image ${image.name}${shown}`), spec.logFile, target.onLogFailure);
  let container: Docker.Container;
  let pid: number;
  const stdout = new PassThrough();
  try {
    container = await target.docker.createContainer(imageCreateOptions(target, spec, image));
    const stream = await container.attach({ stream: true, stdout: true, stderr: true });
    target.docker.modem.demuxStream(stream, stdout, log);
    stdout.pipe(log, { end: false });
    stream.on("error", () => undefined);
    await container.start();
    pid = (await container.inspect()).State.Pid;
  } catch (error) {
    log.end();
    throw new HarnessError("runtime.node-start-failed", `Cannot start node "${target.node}" as image "${image.name}": ${messageOf(error)}`, { cause: error });
  }
  let running = true;
  const exited = container.wait().then(
    (answer: { StatusCode?: number }): ProcessExit => exitFromCode(answer.StatusCode ?? null),
    (): ProcessExit => ({ code: null, signal: null }),
  ).then(async (exit) => {
    running = false;
    stdout.end();
    await endLog(log);
    return exit;
  });
  const signal = (sig: NodeJS.Signals): void => {
    if (target.signalPid && pid > 0) target.signalPid(pid, sig);
    else void container.kill({ signal: sig }).catch(() => undefined);
  };
  const proc = processHandle({ node: target.node, pid, spec, exited, alive: () => running, onLine: stdoutLines(undefined), signal });
  return { proc, container };
}
