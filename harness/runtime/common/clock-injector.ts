/**
 * The clock injector (native/clock-inject, built by its build.sh, which
 * scripts/setup.sh runs): moves the clock of one running process by host
 * PID, whatever its language, by patching the vDSO's clock_gettime,
 * gettimeofday and time inside it (no LD_PRELOAD, so it reaches Go, static
 * and musl programs too). A reading is `base + (real - base) * rate +
 * offset`, the base being the moment the rate was set; CLOCK_REALTIME is
 * always moved, the monotonic clocks only with `monotonic`. Programs that
 * make the clock syscall themselves, and sleeps and timeouts the kernel
 * measures (nanosleep, epoll, futex), are not moved: a rate changes what
 * clocks read, not how long a sleep lasts. Needs root (ptrace), x86_64.
 *
 * `readProcessClock` is the proof that a fault landed: the injector calls
 * the vDSO's clock_gettime inside the target and reports what the process
 * itself reads, against the real clock read by the same thread.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { HarnessError, type HarnessErrorCode } from "../../../core/index.js";
import { packageRoot } from "./package-root.js";

/** The injector's program, built by native/clock-inject/build.sh. */
export function clockInjectorProgram(): string {
  return join(packageRoot(), "native", "clock-inject", "build", "fencecheck-clock-inject");
}

/** Whether this machine can run the injector: x86_64 and the program built (root, which ptrace needs, the local runtime needs anyway). */
export function clockInjectorAvailable(): boolean {
  return process.arch === "x64" && existsSync(clockInjectorProgram());
}

/** What a process's clocks read: offset in ns, rate (1 is real speed), and whether monotonic clocks move too. */
export interface ClockInjection {
  readonly offsetNs: number;
  readonly rate: number;
  readonly monotonic: boolean;
}

/** One reading taken inside the target by `read`. */
export interface ProcessClockReading {
  readonly pid: number;
  readonly clock: "realtime" | "monotonic";
  /** Whether the vDSO's entry points were patched at the time. */
  readonly patched: boolean;
  /** What the process read minus the real clock, ns. */
  readonly readOffsetNs: number;
  /** Half the time the real clock's two readings around it were apart, ns: how far readOffsetNs may be off. */
  readonly uncertaintyNs: number;
  readonly processNs: bigint;
  readonly realNs: bigint;
  /** The settings in the process's data page when read. */
  readonly settings: ClockInjection;
}

/** What a finished injector command did. */
export interface InjectorResult {
  readonly exitCode: number | undefined;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the injector with these arguments (execa by default; tests give their own). */
export type RunInjector = (args: readonly string[]) => Promise<InjectorResult>;

/** The injector's exit codes (native/clock-inject/fail.h) and the harness error each becomes. */
const FAILURES: Readonly<Record<number, { readonly why: string; readonly code: HarnessErrorCode }>> = {
  2: { why: "bad arguments", code: "internal" },
  3: { why: "unsupported", code: "nemesis.unsupported-fault" },
  4: { why: "no such process", code: "nemesis.fault-not-applied" },
  5: { why: "permission denied", code: "prerequisite.missing" },
  6: { why: "not injected", code: "nemesis.fault-not-applied" },
  7: { why: "injection failed", code: "nemesis.fault-not-applied" },
};

/** The harness error for a failed injector command: its one stderr line, coded by its exit code. Pure. */
export function injectorFailure(args: readonly string[], result: InjectorResult): HarnessError {
  const failure = result.exitCode === undefined ? undefined : FAILURES[result.exitCode];
  const line = result.stderr.trim().split("\n").at(-1) ?? "";
  const how = result.exitCode === undefined ? "was killed" : `exited with code ${result.exitCode}${failure ? ` (${failure.why})` : ""}`;
  return new HarnessError(failure?.code ?? "nemesis.fault-not-applied", `Clock injector "${args.join(" ")}" ${how}${line ? `: ${line}` : ""}`);
}

/** The arguments for `inject` (or `set`, which keeps the monotonic choice made at inject). Pure. */
export function injectArgs(pid: number, injection: ClockInjection, command: "inject" | "set" = "inject"): string[] {
  if (!Number.isInteger(pid) || pid <= 0) throw new RangeError(`Cannot move the clock of process ${pid}: not a PID`);
  if (!Number.isSafeInteger(Math.round(injection.offsetNs))) throw new RangeError(`Cannot inject offset ${injection.offsetNs} ns: not a finite number`);
  if (!(injection.rate > 0 && injection.rate <= 1000)) throw new RangeError(`Cannot inject rate ${injection.rate}: it must be in (0, 1000]`);
  const args = [command, String(pid), "--offset-ns", String(Math.round(injection.offsetNs)), "--rate", String(injection.rate)];
  return command === "inject" && injection.monotonic ? [...args, "--monotonic"] : args;
}

function field<T>(value: unknown, check: (v: unknown) => v is T, name: string, line: string): T {
  if (!check(value)) throw new HarnessError("nemesis.fault-not-applied", `Clock injector printed an unreadable reading (${name}): ${line}`);
  return value;
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";
const isIntegerText = (v: unknown): v is string => typeof v === "string" && /^-?\d+$/.test(v);
const isClock = (v: unknown): v is "realtime" | "monotonic" => v === "realtime" || v === "monotonic";

/** Parses the one JSON line `read` prints; throws "nemesis.fault-not-applied" when it is not one. Pure. */
export function parseClockReading(line: string): ProcessClockReading {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new HarnessError("nemesis.fault-not-applied", `Clock injector printed no JSON reading: ${line}`);
  }
  if (raw === null || typeof raw !== "object") throw new HarnessError("nemesis.fault-not-applied", `Clock injector printed no JSON reading: ${line}`);
  return {
    pid: field(raw.pid, isNumber, "pid", line),
    clock: field(raw.clock, isClock, "clock", line),
    patched: field(raw.patched, isBoolean, "patched", line),
    readOffsetNs: field(raw.readOffsetNs, isNumber, "readOffsetNs", line),
    uncertaintyNs: field(raw.uncertaintyNs, isNumber, "uncertaintyNs", line),
    processNs: BigInt(field(raw.processNs, isIntegerText, "processNs", line)),
    realNs: BigInt(field(raw.realNs, isIntegerText, "realNs", line)),
    settings: {
      offsetNs: field(raw.offsetNs, isNumber, "offsetNs", line),
      rate: field(raw.rate, isNumber, "rate", line),
      monotonic: field(raw.monotonic, isBoolean, "monotonic", line),
    },
  };
}

/** Runs the installed injector with execa: never rejects for its exit code; a run longer than 10 s is killed. */
export const runInstalledInjector: RunInjector = async (args) => {
  // Loaded when first used: a run that moves no clock through the injector never loads execa for it.
  const { execa } = await import("execa");
  const result = await execa(clockInjectorProgram(), args, { reject: false, timeout: 10_000 });
  return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
};

/** The injector's commands on processes by host PID; each rejects with `injectorFailure`'s error. */
export interface ClockInjector {
  /** Patches the process's clocks (or, already patched, changes the settings only). */
  inject(pid: number, injection: ClockInjection): Promise<void>;
  /** Changes offset and rate of a patched process, leaving it running. */
  set(pid: number, offsetNs: number, rate: number): Promise<void>;
  /** Restores the vDSO's original bytes (nothing to do on an unpatched process). */
  remove(pid: number): Promise<void>;
  /** What the process itself reads on `clock`, against the real clock. */
  read(pid: number, clock: "realtime" | "monotonic"): Promise<ProcessClockReading>;
}

/** A ClockInjector running commands through `run`. */
export function clockInjector(run: RunInjector = runInstalledInjector): ClockInjector {
  const invoke = async (args: readonly string[]): Promise<string> => {
    const result = await run(args);
    if (result.exitCode !== 0) throw injectorFailure(args, result);
    return result.stdout.trim();
  };
  return {
    inject: async (pid, injection) => void (await invoke(injectArgs(pid, injection))),
    set: async (pid, offsetNs, rate) => void (await invoke(injectArgs(pid, { offsetNs, rate, monotonic: false }, "set"))),
    remove: async (pid) => void (await invoke(["remove", String(pid)])),
    read: async (pid, clock) => parseClockReading(await invoke(["read", String(pid), "--clock", clock])),
  };
}
