import { describe, expect, it } from "vitest";
import { benchHeader, benchSummary, parseSuiteArgs, suiteExitCode, type BenchEnd } from "./suite.js";

const end = (code: number | null, signal: NodeJS.Signals | null = null): BenchEnd => ({ bench: "bench-run.js", code, signal, wallMs: 1234 });

describe("npm run bench", () => {
  it("takes --quick or nothing", () => {
    expect(parseSuiteArgs([])).toEqual({ quick: false });
    expect(parseSuiteArgs(["--quick"])).toEqual({ quick: true });
  });

  it("refuses any other argument in one line that names it", () => {
    const parsed = parseSuiteArgs(["--quick", "1000000"]);
    expect(parsed).toEqual({ error: expect.stringContaining('unknown argument "1000000"') });
    expect("error" in parsed && parsed.error.includes("\n")).toBe(false);
  });

  it("heads each bench's output with its name, marked and with --quick when quick", () => {
    expect(benchHeader("bench-soak.js", true)).toBe("(quick) ==== npm run bench: bench-soak.js --quick");
    expect(benchHeader("bench-soak.js", false)).toBe("==== npm run bench: bench-soak.js");
  });

  it("sums up how each bench ended and how long it took", () => {
    expect(benchSummary(end(0), true)).toBe("(quick) npm run bench: bench-run.js exited 0 after 1.2 s wall");
    expect(benchSummary(end(null, "SIGKILL"), false)).toBe("npm run bench: bench-run.js was ended by SIGKILL after 1.2 s wall");
  });

  it("exits 0 when every bench did, else with the first failure's code, 255 for a bench a signal ended", () => {
    expect(suiteExitCode([end(0), end(0)])).toBe(0);
    expect(suiteExitCode([end(0), end(1), end(255)])).toBe(1);
    expect(suiteExitCode([end(null, "SIGTERM"), end(1)])).toBe(255);
  });
});
