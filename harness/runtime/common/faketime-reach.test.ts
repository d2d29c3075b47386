import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { faketimeReach } from "./faketime-reach.js";

const dir = mkdtempSync(join(tmpdir(), "fc-faketime-reach-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  chmodSync(path, 0o755);
  return path;
}

describe("whether libfaketime can move a program's clock", () => {
  it("reaches a program linked against glibc, found by name along PATH", () => {
    expect(faketimeReach("node", "/nonexistent:/usr/bin")).toEqual({ reach: "reached" });
  });

  it("does not reach a Go program (Debian's etcd), which reads the clock through the vDSO", () => {
    expect(faketimeReach("/usr/bin/etcd", "")).toEqual({ reach: "unreached", program: "/usr/bin/etcd", why: expect.stringMatching(/^a Go program/) });
  });

  it("does not reach a statically linked program (busybox-static)", () => {
    expect(faketimeReach("/bin/busybox", "")).toMatchObject({ reach: "unreached", why: expect.stringMatching(/^statically linked/) });
  });

  it("follows a script's #! line, through env, to the program that really runs", () => {
    expect(faketimeReach(script("server.mjs", "#!/usr/bin/env node\n"), "/usr/bin")).toEqual({ reach: "reached" });
    expect(faketimeReach(script("lockd", "#!/usr/bin/env -S etcd --name x\n"), "/usr/bin")).toMatchObject({ reach: "unreached" });
  });

  it("cannot judge a program that is not on this machine", () => {
    expect(faketimeReach("/nonexistent/lockd", "")).toEqual({ reach: "unknown" });
    expect(faketimeReach("lockd", "/nonexistent")).toEqual({ reach: "unknown" });
  });
});
