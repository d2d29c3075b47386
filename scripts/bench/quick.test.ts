import { describe, expect, it } from "vitest";
import { benchPrinter, isQuick, quickBanner } from "./quick.js";

describe("a bench's quick variant", () => {
  it("is asked for by --quick among the arguments, wherever it stands", () => {
    expect(isQuick(["--quick"])).toBe(true);
    expect(isQuick(["1000000", "--quick"])).toBe(true);
    expect(isQuick(["1000000"])).toBe(false);
    expect(isQuick(["--quicker"])).toBe(false);
  });

  it("marks every line it prints, each line of a multi-line text too", () => {
    const written: string[] = [];
    benchPrinter(true, (t) => written.push(t))("exit 255; its last lines:\nfirst\n");
    expect(written).toEqual(["(quick) exit 255; its last lines:\n(quick) first\n(quick) \n"]);
  });

  it("prints the full bench's lines as they are", () => {
    const written: string[] = [];
    benchPrinter(false, (t) => written.push(t))("fixed cost: median 1.41 s");
    expect(written).toEqual(["fixed cost: median 1.41 s\n"]);
  });

  it("begins with a banner naming the bench, what it shrank, and that its figures are not to be quoted", () => {
    expect(quickBanner("bench-soak", "a 20 s run")).toBe("bench-soak --quick (a 20 s run): these figures show the bench runs, not what fencecheck does: never quote them");
  });
});
