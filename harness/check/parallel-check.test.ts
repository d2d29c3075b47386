import { describe, expect, it } from "vitest";
import { parseHistoryText, parseModelArg, prepareCheck } from "../../checkers/index.js";
import { checkParallel } from "./parallel-check.js";

const op = (p: number, type: string, f: string, value: string): string => `{:process ${p}, :type :${type}, :f :${f}, :value ${value}}`;

function prepared(model: string, ...lines: string[]) {
  const parsed = parseHistoryText(lines.join("\n") + "\n", "h.edn", "edn");
  return prepareCheck(parsed.ops, "h.edn", parsed.format, parseModelArg(model));
}

describe("a check of one partition, on this thread alone", () => {
  const read = (v: string) => [op(1, "invoke", "read", "nil"), op(1, "ok", "read", v)];
  const write = [op(0, "invoke", "write", "1"), op(0, "ok", "write", "1")];

  it("finds a linearizable history ok and explains it with its one partition", async () => {
    const result = await checkParallel(prepared("cas-register:0", ...write, ...read("1")));
    expect(result.result).toBe("ok");
    expect(result.info?.partitions.map((p) => p.outcome.linearization.length)).toEqual([2]);
  });

  it("finds a read of a value never written illegal, naming the op it cannot place", async () => {
    const result = await checkParallel(prepared("cas-register:0", ...write, ...read("2")));
    expect(result.result).toBe("illegal");
    expect(result.info?.partitions[0]?.descriptions[result.info.partitions[0].outcome.stuck[0]!]).toBe("read() -> 2");
  });

  it("gives unknown when the deadline has already passed", async () => {
    expect((await checkParallel(prepared("cas-register:0", ...write, ...read("1")), { timeoutMs: 0 })).result).toBe("unknown");
  });
});
