import { describe, expect, it } from "vitest";
import { faketimeDir } from "./ssh-runtime.js";

describe("faketimeDir", () => {
  it("names Debian's libfaketime folder for the machine's architecture, arm64 included", () => {
    expect(faketimeDir("x64")).toBe("/usr/lib/x86_64-linux-gnu/faketime");
    expect(faketimeDir("arm64")).toBe("/usr/lib/aarch64-linux-gnu/faketime");
    expect(faketimeDir("mips")).toBeUndefined();
  });
});
