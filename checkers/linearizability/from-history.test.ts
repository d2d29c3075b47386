import { describe, expect, it } from "vitest";
import type { Op } from "../../core/index.js";
import { checkLockHistory, fromHistory, UNKNOWN } from "./index.js";

let index = 0;
function op(process: number, type: Op["type"], f: string, value: unknown, code?: string): Op {
  const base = { index: index, time: index++, process, f, value };
  if (type === "fail") return { ...base, type, error: { code: code ?? "x", message: "m", definite: true } };
  return { ...base, type } as Op;
}

describe("fromHistory", () => {
  it("drops fail pairs and leaves info pairs open with the unknown output", () => {
    const history = [
      op(0, "invoke", "write", 1), op(1, "invoke", "write", 2), op(0, "ok", "write", 1), op(1, "fail", "write", 2),
      op(2, "invoke", "write", 3), op(2, "info", "write", 3),
    ];
    const ops = fromHistory(history, (inv) => inv.value as number, () => null);
    expect(ops).toEqual([
      { clientId: 0, input: 1, call: 0, output: null, return: 2 },
      { clientId: 2, input: 3, call: 4, output: UNKNOWN, return: Infinity },
    ]);
  });
});

describe("checkLockHistory", () => {
  const write = (p: number, type: Op["type"], value: string, token: string, code?: string) =>
    op(p, type, "write", { resource: "r", value, token }, code);
  it("accepts writes in token order and a read of the last one", () => {
    const h = [write(0, "invoke", "a", "1"), write(0, "ok", "a", "1"), write(1, "invoke", "b", "2"), write(1, "ok", "b", "2"),
      op(2, "invoke", "read", { resource: "r" }), op(2, "ok", "read", { resource: "r", value: "b", token: "2" })];
    expect(checkLockHistory(h).result).toBe("ok");
  });

  it("rejects an acknowledged write under a stale token", () => {
    const h = [op(0, "invoke", "acquire", { resource: "r" }), op(0, "ok", "acquire", { resource: "r", token: "5" }),
      write(0, "invoke", "a", "5"), write(0, "ok", "a", "5"), write(1, "invoke", "b", "4"), write(1, "ok", "b", "4")];
    const r = checkLockHistory(h);
    expect(r.result).toBe("illegal");
    expect(r.info?.partitions[0]?.descriptions).toContain("write(r, \"b\", token 4) -> ok");
  });
});
