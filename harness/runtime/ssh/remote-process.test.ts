import { describe, expect, it } from "vitest";
import { shellLine } from "./remote-command.js";
import { envName, startCommand } from "./remote-process.js";

describe("startCommand", () => {
  it("prints the shell's PID on stderr, then execs the program in its place with its environment", () => {
    expect(startCommand(["/opt/node", "-e", "console.log('hi there')"], { A: "1", B: "x y" }, "/var/tmp/run"))
      .toBe(`cd /var/tmp/run && echo "fencecheck-pid $$" >&2 && exec env A=1 'B=x y' /opt/node -e 'console.log('\\''hi there'\\'')'`);
  });
});

describe("envName", () => {
  it.each(["A B", "A;rm -rf /", "", "1A", "A=B", "A'"])("refuses %j before it reaches a shell", (name) => {
    expect(() => startCommand(["true"], { [name]: "1" }, "/")).toThrow(expect.objectContaining({ code: "config.invalid" }));
    expect(() => envName(name)).toThrow(/Cannot pass environment variable/);
  });
});

describe("shellLine", () => {
  it("leaves plain words alone and quotes the rest", () => {
    expect(shellLine(["a", "b c", "it's", "--x=1,2"])).toBe(`a 'b c' 'it'\\''s' --x=1,2`);
  });
});
