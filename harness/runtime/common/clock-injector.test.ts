import { describe, expect, it } from "vitest";
import { HarnessError } from "../../../core/index.js";
import { clockInjector, injectArgs, injectorFailure, parseClockReading, type InjectorResult } from "./clock-injector.js";

const READING =
  '{"pid":42,"offsetNs":5000000000,"rate":1,"monotonic":false,"clock":"realtime","patched":true,' +
  '"processNs":"1796616514253221279","realNs":"1796616509253217193","readOffsetNs":5000004086,"uncertaintyNs":13683}';

/** An injector whose program answers from `answers` in turn, recording the arguments it got. */
function scripted(answers: InjectorResult[]): { calls: string[][]; injector: ReturnType<typeof clockInjector> } {
  const calls: string[][] = [];
  const injector = clockInjector(async (args) => {
    calls.push([...args]);
    const answer = answers.shift();
    if (answer === undefined) throw new Error("no answer left");
    return answer;
  });
  return { calls, injector };
}

describe("injectArgs", () => {
  it("asks for the monotonic clocks only when the injection moves them", () => {
    expect(injectArgs(42, { offsetNs: 5e9, rate: 1, monotonic: false })).toEqual(["inject", "42", "--offset-ns", "5000000000", "--rate", "1"]);
    expect(injectArgs(42, { offsetNs: -1.4, rate: 0.5, monotonic: true })).toEqual(["inject", "42", "--offset-ns", "-1", "--rate", "0.5", "--monotonic"]);
  });

  it("leaves the monotonic choice to inject when setting new values", () => {
    expect(injectArgs(7, { offsetNs: 0, rate: 2, monotonic: true }, "set")).toEqual(["set", "7", "--offset-ns", "0", "--rate", "2"]);
  });

  it("refuses what the injector would refuse: no PID, a rate of zero, an endless offset", () => {
    expect(() => injectArgs(0, { offsetNs: 0, rate: 1, monotonic: false })).toThrow(RangeError);
    expect(() => injectArgs(1, { offsetNs: 0, rate: 0, monotonic: false })).toThrow(RangeError);
    expect(() => injectArgs(1, { offsetNs: Number.POSITIVE_INFINITY, rate: 1, monotonic: false })).toThrow(RangeError);
  });
});

describe("parseClockReading", () => {
  it("reads the offset the process itself read, and keeps nanosecond clocks exact as bigints", () => {
    const reading = parseClockReading(READING);
    expect(reading).toMatchObject({ pid: 42, clock: "realtime", patched: true, readOffsetNs: 5000004086, uncertaintyNs: 13683 });
    expect(reading.processNs - reading.realNs).toBe(5000004086n);
    expect(reading.settings).toEqual({ offsetNs: 5e9, rate: 1, monotonic: false });
  });

  it("refuses a line that is no reading, naming the field that is wrong", () => {
    expect(() => parseClockReading("not json")).toThrow(/no JSON reading/);
    expect(() => parseClockReading(READING.replace('"clock":"realtime"', '"clock":"cpu"'))).toThrow(/\(clock\)/);
    expect(() => parseClockReading(READING.replace('"1796616514253221279"', "1.7e18"))).toThrow(/\(processNs\)/);
  });
});

describe("injectorFailure", () => {
  it("turns an unsupported target into an unsupported fault, with the injector's one line", () => {
    const error = injectorFailure(["inject", "9"], { exitCode: 3, stdout: "", stderr: "fencecheck-clock-inject: process 9 has no vDSO (nothing to patch)\n" });
    expect(error).toBeInstanceOf(HarnessError);
    expect(error.code).toBe("nemesis.unsupported-fault");
    expect(error.message).toBe('Clock injector "inject 9" exited with code 3 (unsupported): fencecheck-clock-inject: process 9 has no vDSO (nothing to patch)');
  });

  it("counts a process gone, not injected or an injection that failed as a fault not applied, and a refusal of ptrace as a missing prerequisite", () => {
    expect([4, 6, 7, undefined].map((exitCode) => injectorFailure(["x"], { exitCode, stdout: "", stderr: "" }).code)).toEqual([
      "nemesis.fault-not-applied", "nemesis.fault-not-applied", "nemesis.fault-not-applied", "nemesis.fault-not-applied",
    ]);
    expect(injectorFailure(["x"], { exitCode: 5, stdout: "", stderr: "" }).code).toBe("prerequisite.missing");
  });
});

describe("clockInjector", () => {
  it("runs each command with its arguments and parses what read printed", async () => {
    const ok = { exitCode: 0, stdout: "{}\n", stderr: "" };
    const { calls, injector } = scripted([ok, ok, { exitCode: 0, stdout: `${READING}\n`, stderr: "" }, ok]);
    await injector.inject(42, { offsetNs: 5e9, rate: 1, monotonic: true });
    await injector.set(42, 1e9, 2);
    const reading = await injector.read(42, "monotonic");
    await injector.remove(42);
    expect(reading.readOffsetNs).toBe(5000004086);
    expect(calls).toEqual([
      ["inject", "42", "--offset-ns", "5000000000", "--rate", "1", "--monotonic"],
      ["set", "42", "--offset-ns", "1000000000", "--rate", "2"],
      ["read", "42", "--clock", "monotonic"],
      ["remove", "42"],
    ]);
  });

  it("rejects with the injector's error when a command fails", async () => {
    const { injector } = scripted([{ exitCode: 6, stdout: "", stderr: "fencecheck-clock-inject: process 42's clock is not patched (run inject first)" }]);
    await expect(injector.set(42, 0, 1)).rejects.toThrow(/code 6 \(not injected\): .*not patched/);
  });
});
