import { describe, expect, it } from "vitest";
import { explainCell, type RunOutcome } from "./why.js";

const base: RunOutcome = { code: 0, stdout: "", stderr: "", timedOut: false, rejectedWrites: 0, faultsStruck: 2 };

describe("a libraries page cell's verdict and sentence", () => {
  it("takes an invalid run's first failing checker line, with the faults that struck", () => {
    const stdout = [
      "INVALID (fencing: FAIL, real-time: n/a, stats: ok)",
      '  fencing: storage accepted a stale write on "r2": token 1 after token 5 (client 0, "p0-0") (2 stale writes accepted in all)',
      "  The lock service kept its promise over 22 grants of 29 acquires",
      "report: /x/report.html",
    ].join("\n");
    const cell = explainCell({ ...base, code: 1, stdout });
    expect(cell.verdict).toBe("INVALID");
    expect(cell.why).toBe('fencing: storage accepted a stale write on "r2": token 1 after token 5 (client 0, "p0-0") (2 stale writes accepted in all) (2 faults struck).');
  });

  it("takes an unknown run's reason line, not the checkers' other lines", () => {
    const stdout = "unknown (fencing: n/a, real-time: n/a)\n  linearizable: something\n  unknown: nothing could tell a stale write (no token)\nreport: r";
    expect(explainCell({ ...base, code: 2, stdout })).toEqual({ verdict: "unknown", why: "unknown: nothing could tell a stale write (no token) (2 faults struck)." });
  });

  it("explains a valid run by fencing's rejections when it printed them", () => {
    const stdout = "valid (fencing: ok)\n  fencing: storage rejected 2 stale write(s), the first with token 1 after token 3: divergence prevented\nreport: r";
    expect(explainCell({ ...base, stdout }).why).toBe("fencing: storage rejected 2 stale write(s), the first with token 1 after token 3: divergence prevented (2 faults struck).");
  });

  it("explains any other valid run by what storage rejected and how many faults struck", () => {
    const stdout = "valid (fencing: ok, real-time: n/a)\n  The lock service kept its promise over 32 grants\nreport: r";
    expect(explainCell({ ...base, stdout, rejectedWrites: 1, faultsStruck: 1 }).why).toBe("every checker passed; storage rejected 1 write (stale token or changed version); 1 fault struck.");
    expect(explainCell({ ...base, stdout, faultsStruck: 0 }).why).toBe("every checker passed; storage rejected no write; no fault struck during the run.");
  });

  it("calls a run refused up front (exit 254) refused, with the CLI's one line", () => {
    const cell = explainCell({ ...base, code: 254, stderr: "starting\nfencecheck: Cannot skew the clocks of lock nodes: etcd is a Go binary\n" });
    expect(cell).toEqual({ verdict: "refused", why: "Cannot skew the clocks of lock nodes: etcd is a Go binary." });
  });

  it("calls a harness failure an error, and a run past the page's limit unknown", () => {
    expect(explainCell({ ...base, code: 255, stderr: "fencecheck: Cannot start node l1" }).verdict).toBe("error");
    expect(explainCell({ ...base, code: null, timedOut: true }).verdict).toBe("unknown");
  });
});
