import { describe, expect, it } from "vitest";
import { HarnessError } from "../../../core/index.js";
import { detectFormat, parseHistoryText, prepareCheck, parseModelArg } from "../index.js";
import { readEdn } from "./edn.js";

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(HarnessError);
    return (error as Error).message;
  }
  throw new Error("expected an error");
}

describe("the EDN reader", () => {
  it("reads keywords, nil, vectors, maps, sets, strings, big integers and tagged literals", () => {
    expect(readEdn('{:a [1 -2.5 nil "x\\n"], :b #{:k}, :c 123456789012345678901, :d #inst "2020"}')).toEqual({
      a: [1, -2.5, null, "x\n"],
      b: ["k"],
      c: 123456789012345678901n,
      d: "2020",
    });
  });
});

describe("format detection", () => {
  it("tells the formats apart by their first line", () => {
    expect(detectFormat("INFO  jepsen.util - 0\t:invoke\t:read\tnil\n")).toBe("etcd-log");
    expect(detectFormat('{:process 0, :type :invoke, :f :read}\n')).toBe("edn");
    expect(detectFormat("[{:process 0 :type :invoke :f :read}]")).toBe("edn");
    expect(detectFormat('{"index":0,"type":"invoke"}\n')).toBe("jsonl");
    expect(detectFormat("")).toBeUndefined();
  });
});

describe("parsers", () => {
  it("reads a vector of op maps with each op's own line", () => {
    const ops = parseHistoryText("[{:process 0 :type :invoke :f :read :value nil}\n {:process 0 :type :ok :f :read :value 1}]", "h.edn").ops;
    expect(ops.map((o) => [o.type, o.line])).toEqual([["invoke", 1], ["ok", 2]]);
  });

  it("skips nemesis ops", () => {
    const ops = parseHistoryText('{:process :nemesis, :type :info, :f :start}\n{:process 0, :type :invoke, :f :read}\n', "h.edn").ops;
    expect(ops).toHaveLength(1);
  });

  it.each([
    ["an unclosed map", "{:process 0, :type :invoke\n", 'Cannot read "bad" line 1: bad EDN: unterminated collection opened on line 1'],
    ["a bad type", "{:process 0, :type :oops, :f :read}\n", 'Cannot read "bad" line 1: "type" must be invoke, ok, fail or info, got "oops"'],
    ["a missing process", "{:type :ok, :f :read}\n{:x 1}\n", 'Cannot read "bad" line 1: "process" must be an integer, got nothing'],
    ["a non-map line", "{:process 0, :type :ok, :f :read}\n[1 2]\n", 'Cannot read "bad" line 2: not an op map'],
    ["an unterminated string", '{:process 0, :type :ok, :f :read, :value "abc}\n', 'Cannot read "bad" line 1: bad EDN: unterminated string opened on line 1'],
  ])("names the file and line of %s", (_what, text, message) => {
    expect(errorOf(() => parseHistoryText(text, "bad", "edn"))).toBe(message);
  });

  it("names the line of a malformed etcd log line", () => {
    const text = "INFO  jepsen.util - 0\t:invoke\t:read\tnil\nINFO  jepsen.util - x\t:ok\t:read\t1\n";
    expect(errorOf(() => parseHistoryText(text, "e.log"))).toBe('Cannot read "e.log" line 2: process must be an integer, got "x"');
    expect(errorOf(() => parseHistoryText("INFO  jepsen.util - 0\t:invoke\t:cas\t[1 2\n", "e.log"))).toMatch(/^Cannot read "e.log" line 1: bad value "\[1 2"/);
  });

  it("names the line of a malformed jsonl line", () => {
    expect(errorOf(() => parseHistoryText('{"index":0}\n{nope\n', "h.jsonl", "jsonl"))).toMatch(/^Cannot read "h.jsonl" line 1/);
  });

  it("names the line of an op the model cannot read", () => {
    const parsed = parseHistoryText("{:process 0, :type :invoke, :f :cas, :value 3}\n{:process 0, :type :ok, :f :cas, :value 3}\n", "m.edn");
    expect(errorOf(() => prepareCheck(parsed.ops, "m.edn", parsed.format, parseModelArg("cas-register")))).toBe(
      'Cannot read "m.edn" line 2: model "cas-register": a cas value must be a pair [from to], got 3',
    );
  });

  it("leaves out a cut-short last line in every format and names it, but not a bad line followed by a newline", () => {
    const edn = "{:process 0, :type :invoke, :f :read}\n{:process 0, :type :ok, :f :re";
    expect(parseHistoryText(edn, "c.edn")).toMatchObject({ cutShortLine: 2, ops: [{ f: "read", type: "invoke" }] });
    const log = "INFO  jepsen.util - 0\t:invoke\t:read\tnil\nINFO  jepsen.util - 0\t:ok\t:read\t[1";
    expect(parseHistoryText(log, "c.log")).toMatchObject({ cutShortLine: 2, ops: [{ f: "read" }] });
    const jsonl = '{"index":0,"time":0,"process":0,"type":"invoke","f":"read","value":null}\n{"index":1,"ti';
    expect(parseHistoryText(jsonl, "c.jsonl", "jsonl")).toMatchObject({ cutShortLine: 2, ops: [{ f: "read" }] });
    expect(errorOf(() => parseHistoryText(`${edn}\n`, "c.edn"))).toMatch(/^Cannot read "c.edn" line 2: bad EDN/);
    expect(parseHistoryText("{:process 0, :type :invoke, :f :read}", "w.edn").cutShortLine).toBeUndefined();
  });

  it("reads an empty file as an empty history", () => {
    expect(parseHistoryText("\n", "empty.log").ops).toEqual([]);
  });

  it("rejects an unknown model and a bad initial value", () => {
    expect(errorOf(() => parseModelArg("nope"))).toMatch(/^Unknown model "nope": expected one of register, /);
    expect(errorOf(() => parseModelArg("cas-register:{oops"))).toBe('Cannot read initial value "{oops": not a JSON literal');
  });
});
