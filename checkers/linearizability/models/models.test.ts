import { describe, expect, it } from "vitest";
import { checkPrepared, kvMapModel, parseHistoryText, parseModelArg, prepareCheck } from "../index.js";

/** Checks an EDN history (one op map per line) under `model`. */
function verdict(model: string, edn: string): string {
  const parsed = parseHistoryText(edn, "test.edn", "edn");
  return checkPrepared(prepareCheck(parsed.ops, "test.edn", parsed.format, parseModelArg(model))).result;
}

const op = (p: number, type: string, f: string, value: string, extra = ""): string =>
  `{:process ${p}, :type :${type}, :f :${f}, :value ${value}${extra}}`;
const lines = (...ls: string[]): string => ls.join("\n") + "\n";

describe("register and cas-register (Knossos)", () => {
  it("accepts a read of the initial value and rejects a read of a value never written", () => {
    const h = (v: string) => lines(op(0, "invoke", "read", "nil"), op(0, "ok", "read", v));
    expect(verdict("register:0", h("0"))).toBe("ok");
    expect(verdict("register:0", h("7"))).toBe("illegal");
  });

  it("drops a failed cas and a failed write", () => {
    const h = lines(
      op(0, "invoke", "cas", "[0 1]"), op(0, "fail", "cas", "[0 1]"),
      op(1, "invoke", "write", "5"), op(1, "fail", "write", "5"),
      op(0, "invoke", "read", "nil"), op(0, "ok", "read", "0"),
    );
    expect(verdict("cas-register:0", h)).toBe("ok");
  });

  it("lets an info write take effect at any later time, or never", () => {
    const h = (v: string) => lines(op(0, "invoke", "write", "3"), op(0, "info", "write", "3"), op(1, "invoke", "read", "nil"), op(1, "ok", "read", v));
    expect(verdict("cas-register:0", h("3"))).toBe("ok");
    expect(verdict("cas-register:0", h("0"))).toBe("ok");
    expect(verdict("cas-register:0", h("4"))).toBe("illegal");
  });

  it("reads an ok write from its completion's value, as Knossos fills in the invocation", () => {
    const h = (done: string) => lines(op(0, "invoke", "write", "1"), op(0, "ok", "write", done), op(1, "invoke", "read", "nil"), op(1, "ok", "read", "2"));
    expect(verdict("cas-register:0", h("2"))).toBe("ok");
    expect(verdict("cas-register:0", h("1"))).toBe("illegal");
    expect(verdict("cas-register:0", h("nil"))).toBe("illegal");
  });

  it("rejects an ok cas whose compare cannot hold", () => {
    const h = lines(op(0, "invoke", "cas", "[2 3]"), op(0, "ok", "cas", "[2 3]"));
    expect(verdict("cas-register:0", h)).toBe("illegal");
  });
});

describe("etcd-register (porcupine)", () => {
  it("keeps a failed cas as evidence that the compare failed", () => {
    const h = (v: string) => lines(op(0, "invoke", "write", v), op(0, "ok", "write", v), op(1, "invoke", "cas", "[1 2]"), op(1, "fail", "cas", "[1 2]"));
    expect(verdict("etcd-register", h("0"))).toBe("ok");
    expect(verdict("etcd-register", h("1"))).toBe("illegal");
  });

  it("reads nil strictly as an absent key", () => {
    const h = lines(op(0, "invoke", "write", "1"), op(0, "ok", "write", "1"), op(1, "invoke", "read", "nil"), op(1, "ok", "read", "nil"));
    expect(verdict("etcd-register", h)).toBe("illegal");
    expect(verdict("cas-register", h)).toBe("ok");
  });
});

describe("kv and kv-nopartition", () => {
  it("gives equal whole-map states equal hashes, whether a key was never set or set back to its initial value", () => {
    const m = kvMapModel("");
    const put = (state: ReturnType<typeof m.init>, key: string, value: string) => m.step(state, { f: 1, key, value }, "") as ReturnType<typeof m.init>;
    const empty = m.init();
    const back = put(put(empty, "a", "x"), "a", "");
    expect(m.equal!(empty, back)).toBe(true);
    expect(m.hash!(empty)).toBe(m.hash!(back));
    const appended = m.step(put(empty, "a", "x"), { f: 2, key: "a", value: "yz" }, "") as ReturnType<typeof m.init>;
    expect(m.hash!(appended)).toBe(m.hash!(put(empty, "a", "xyz")));
    expect(m.equal!(appended, put(empty, "a", "xy"))).toBe(false);
  });

  const k = (key: string) => `, :key "${key}"`;
  it("appends per key and rejects a get that misses an acknowledged append", () => {
    const good = lines(op(0, "invoke", "append", '"a"', k("x")), op(0, "ok", "append", '"a"', k("x")), op(1, "invoke", "get", "nil", k("x")), op(1, "ok", "get", '"a"', k("x")), op(1, "invoke", "get", "nil", k("y")), op(1, "ok", "get", '""', k("y")));
    const bad = good.replace(':ok, :f :get, :value "a"', ':ok, :f :get, :value ""');
    for (const model of ["kv", "kv-nopartition"]) {
      expect(verdict(model, good)).toBe("ok");
      expect(verdict(model, bad)).toBe("illegal");
    }
  });

  it("lets an info put apply or not", () => {
    const h = (v: string) => lines(op(0, "invoke", "put", '"p"', k("x")), op(0, "info", "put", '"p"', k("x")), op(1, "invoke", "get", "nil", k("x")), op(1, "ok", "get", v, k("x")));
    expect(verdict("kv", h('"p"'))).toBe("ok");
    expect(verdict("kv", h('""'))).toBe("ok");
    expect(verdict("kv", h('"q"'))).toBe("illegal");
  });
});

describe("multi-register", () => {
  it("checks txn reads against earlier writes", () => {
    const h = (r: string) => lines(op(0, "invoke", "txn", "[[:write :x 1]]"), op(0, "ok", "txn", "[[:write :x 1]]"), op(1, "invoke", "txn", "[[:read :x nil] [:read :y nil]]"), op(1, "ok", "txn", `[[:read :x ${r}] [:read :y 0]]`));
    expect(verdict('multi-register:{"x":0,"y":0}', h("1"))).toBe("ok");
    expect(verdict('multi-register:{"x":0,"y":0}', h("0"))).toBe("illegal");
  });

  it("applies an info txn only where the reads of its invocation hold, or leaves it out", () => {
    const h = (read: string, later: string) =>
      lines(op(0, "invoke", "txn", `[[:read :x ${read}] [:write :y 5]]`), op(0, "info", "txn", "nil"), op(1, "invoke", "txn", "[[:read :y nil]]"), op(1, "ok", "txn", `[[:read :y ${later}]]`));
    const model = 'multi-register:{"x":0,"y":0}';
    expect(verdict(model, h("nil", "5"))).toBe("ok");
    expect(verdict(model, h("0", "5"))).toBe("ok");
    expect(verdict(model, h("7", "0"))).toBe("ok");
    expect(verdict(model, h("7", "5"))).toBe("illegal");
  });
});

describe("a history whose every op was left out", () => {
  it("is linearizable under every Knossos model, as Knossos judges it", () => {
    const nemesis = "{:process :nemesis, :type :info, :f :kill, :value nil}";
    const failed = (f: string, v: string) => lines(op(0, "invoke", f, v), nemesis, op(0, "fail", f, v));
    expect(verdict("register:0", failed("write", "1"))).toBe("ok");
    expect(verdict("cas-register:0", failed("cas", "[1 2]"))).toBe("ok");
    expect(verdict("mutex", failed("release", "nil"))).toBe("ok");
    expect(verdict('multi-register:{"x":0}', failed("txn", "[[:write :x 1]]"))).toBe("ok");
    expect(verdict("cas-register:0", lines(nemesis))).toBe("ok");
  });
});

describe("mutex (Knossos) and owned-mutex", () => {
  const acq = (p: number) => [op(p, "invoke", "acquire", "nil"), op(p, "ok", "acquire", "nil")];
  const rel = (p: number) => [op(p, "invoke", "release", "nil"), op(p, "ok", "release", "nil")];

  it("rejects two holders and a release of a free lock under both", () => {
    for (const model of ["mutex", "owned-mutex"]) {
      expect(verdict(model, lines(...acq(0), ...rel(0), ...acq(1)))).toBe("ok");
      expect(verdict(model, lines(...acq(0), ...acq(1)))).toBe("illegal");
      expect(verdict(model, lines(...rel(0)))).toBe("illegal");
    }
  });

  it("lets any process release a held Knossos mutex, and only the owner an owned one", () => {
    expect(verdict("mutex", lines(...acq(0), ...rel(1)))).toBe("ok");
    expect(verdict("owned-mutex", lines(...acq(0), ...rel(1)))).toBe("illegal");
  });

  it("drops a failed release and lets an info acquire hold the lock or not", () => {
    const failed = lines(op(1, "invoke", "release", "nil"), op(1, "fail", "release", "nil", ", :error :not-held"), ...acq(0));
    expect(verdict("mutex", failed)).toBe("ok");
    const h = (then: string[]) => lines(op(0, "invoke", "acquire", "nil"), op(0, "info", "acquire", "nil"), ...then);
    expect(verdict("mutex", h(acq(1)))).toBe("ok");
    expect(verdict("mutex", h(rel(1)))).toBe("ok");
    expect(verdict("mutex", h([...acq(1), ...acq(2)]))).toBe("illegal");
  });

  it("starts held when the initial value is true", () => {
    expect(verdict("mutex:true", lines(...acq(0)))).toBe("illegal");
    expect(verdict("mutex:true", lines(...rel(0)))).toBe("ok");
  });
});

describe("fenced-register", () => {
  const w = (p: number, type: string, v: string, t: number, err = "") =>
    op(p, type, "write", `{:resource "r", :value "${v}", :token ${t}}`, err);
  it("rejects an ok write under a token below one already accepted", () => {
    expect(verdict("fenced-register", lines(w(0, "invoke", "a", 2), w(0, "ok", "a", 2), w(1, "invoke", "b", 1), w(1, "ok", "b", 1)))).toBe("illegal");
    expect(verdict("fenced-register", lines(w(0, "invoke", "a", 1), w(0, "ok", "a", 1), w(1, "invoke", "b", 2), w(1, "ok", "b", 2)))).toBe("ok");
  });

  it("keeps a stale-token rejection as evidence of a higher accepted token", () => {
    const stale = ', :error {:code "stale-token"}';
    expect(verdict("fenced-register", lines(w(0, "invoke", "a", 1), w(0, "fail", "a", 1, stale)))).toBe("illegal");
    expect(verdict("fenced-register", lines(w(1, "invoke", "b", 3), w(1, "ok", "b", 3), w(0, "invoke", "a", 1), w(0, "fail", "a", 1, stale)))).toBe("ok");
  });

  // A soak's false INVALID: a write invoked without its token timed out
  // (info, with the token it was sent under), storage accepted it, and a
  // later write under a lower token was rightly rejected as stale.
  const stale = ', :error {:code "stale-token"}';
  const tokenless = (p: number, type: string, v: string) => op(p, type, "write", `{:resource "r", :value "${v}"}`);
  it("reads a timed-out write's token from its info completion", () => {
    const h = lines(w(1, "invoke", "b", 3), w(1, "ok", "b", 3), tokenless(0, "invoke", "a"), w(0, "info", "a", 5), w(2, "invoke", "c", 4), w(2, "fail", "c", 4, stale));
    expect(verdict("fenced-register", h)).toBe("ok");
    const below = lines(w(1, "invoke", "b", 3), w(1, "ok", "b", 3), tokenless(0, "invoke", "a"), w(0, "info", "a", 2), w(2, "invoke", "c", 4), w(2, "fail", "c", 4, stale));
    expect(verdict("fenced-register", below)).toBe("illegal");
  });

  it("judges no rejection or acceptance while an applied write's token is unknown, until a known token is accepted", () => {
    const unknown = [w(1, "invoke", "b", 3), w(1, "ok", "b", 3), tokenless(0, "invoke", "a"), tokenless(0, "ok", "a")];
    expect(verdict("fenced-register", lines(...unknown, w(2, "invoke", "c", 4), w(2, "fail", "c", 4, stale)))).toBe("ok");
    expect(verdict("fenced-register", lines(...unknown, w(2, "invoke", "c", 2), w(2, "ok", "c", 2)))).toBe("ok");
    const known = [...unknown, w(2, "invoke", "c", 6), w(2, "ok", "c", 6)];
    expect(verdict("fenced-register", lines(...known, w(3, "invoke", "d", 5), w(3, "ok", "d", 5)))).toBe("illegal");
  });
});
