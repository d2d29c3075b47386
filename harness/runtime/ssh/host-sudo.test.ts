import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { sudoProblem } from "./host-sudo.js";
import { sudoCommand } from "./ssh-connection.js";

describe("sudoProblem", () => {
  it("is none when sudo made the user root", () => {
    expect(sudoProblem("h1", "deploy", { stdout: "fencecheck-sudo uid 0\n", stderr: "", exitCode: 0 })).toBeUndefined();
  });

  it("names the host and the user when sudo wants a password", () => {
    expect(sudoProblem("h1", "deploy", { stdout: "", stderr: "sudo: a password is required\n", exitCode: 1 }))
      .toBe('host "h1": sudo asks user "deploy" for a password (sudo -n: "sudo: a password is required"): allow it without one (NOPASSWD in sudoers) or log in as root');
  });

  it("says when sudo is missing, and when it does not make the user root", () => {
    expect(sudoProblem("h1", "deploy", { stdout: "", stderr: "sh: 1: sudo: not found\n", exitCode: 127 })).toMatch(/^host "h1": sudo is not installed/);
    expect(sudoProblem("h1", "deploy", { stdout: "fencecheck-sudo uid 1000\n", stderr: "", exitCode: 0 })).toBe('host "h1": sudo -n does not make user "deploy" root (exit code 0)');
  });
});

describe("sudoCommand", () => {
  it("runs the whole command line, quoted once, as root in a session of its own, never asking for a password", () => {
    const line = sudoCommand(`echo "it's" $$`);
    expect(line).toBe(`sudo -n -- setsid -w sh -c 'echo "it'\\''s" $$'`);
    // The shell that sshd starts hands sudo exactly the command line.
    const argv = execFileSync("sh", ["-c", line.replace(/^sudo -n -- setsid -w /, "printf '%s\\n' ")], { encoding: "utf8" });
    expect(argv).toBe(`sh\n-c\necho "it's" $$\n`);
  });
});
