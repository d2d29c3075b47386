import { describe, expect, it } from "vitest";
import { checkPeriod, startWatchdogCommand, watchdogScript } from "./host-watchdog.js";

describe("startWatchdogCommand", () => {
  it("starts the script detached from the channel, marked with the run and its controller, without the one-off command's mark", () => {
    const command = startWatchdogCommand("abc12345", 30, "00112233aabbccdd");
    expect(command).toContain("env -u FENCECHECK_CMD FENCECHECK_WATCHDOG=abc12345 FENCECHECK_CONTROLLER=00112233aabbccdd setsid nohup sh /var/lib/fencecheck/runs/abc12345/watchdog.sh </dev/null >/dev/null 2>&1 &");
  });

  it("names the run's controller in the run folder, for a clean once the run's processes are gone", () => {
    expect(startWatchdogCommand("abc12345", 30, "00112233aabbccdd")).toContain("echo 00112233aabbccdd > /var/lib/fencecheck/runs/abc12345/controller &&");
  });

  it("refuses a run id not of the harness's form, and a controller id not of its own", () => {
    expect(() => startWatchdogCommand("../x", 30, "00112233aabbccdd")).toThrow(expect.objectContaining({ code: "config.invalid" }));
    expect(() => startWatchdogCommand("abc12345", 30, "x; rm -rf /")).toThrow(expect.objectContaining({ code: "config.invalid" }));
  });
});

describe("watchdogScript", () => {
  it("cleans with the folder kept and itself spared, and counts the host's uptime, not its wall clock", () => {
    const script = watchdogScript("abc12345", 7);
    expect(script).toContain("-ge 7 ] || continue");
    expect(script).toContain("/proc/uptime");
    expect(script).not.toContain("rm -rf");
    expect(script).not.toContain("FENCECHECK_WATCHDOG");
  });
});

describe("checkPeriod", () => {
  it.each([0, 1, 1.5, -3, 86_401, Number.NaN])("refuses %s s", (s) => {
    expect(() => checkPeriod(s)).toThrow(expect.objectContaining({ code: "config.invalid" }));
  });

  it("takes whole seconds from 2 to a day", () => {
    expect(checkPeriod(2)).toBe(2);
    expect(checkPeriod(86_400)).toBe(86_400);
  });
});
