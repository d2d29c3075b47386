import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { controllerId, CONTROLLER_ID_FILE } from "./controller-id.js";

const fixed = (byte: number) => () => new Uint8Array(8).fill(byte);
const scratch = (): string => mkdtempSync(join(tmpdir(), "fc-controller-"));

describe("controllerId", () => {
  it("is drawn once, written 0600 in a 0700 folder it makes, and read back after", () => {
    const stateDir = join(scratch(), "state");
    expect(controllerId({ stateDir, random: fixed(0xab) })).toBe("abababababababab");
    expect(controllerId({ stateDir, random: fixed(0x01) })).toBe("abababababababab");
    expect(statSync(stateDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(stateDir, CONTROLLER_ID_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(stateDir, CONTROLLER_ID_FILE), "utf8")).toBe("abababababababab\n");
  });

  it("refuses a folder others can write in, with one line and nothing written", () => {
    const stateDir = scratch();
    chmodSync(stateDir, 0o777);
    expect(() => controllerId({ stateDir })).toThrow(expect.objectContaining({ code: "config.invalid", message: expect.stringMatching(/writable by its group or by every user \(mode 777/) }));
    expect(() => statSync(join(stateDir, CONTROLLER_ID_FILE))).toThrow();
  });

  it("refuses a folder that is a link", () => {
    const real = scratch();
    const stateDir = join(scratch(), "link");
    symlinkSync(real, stateDir);
    expect(() => controllerId({ stateDir })).toThrow(/it is a symbolic link/);
  });

  it("refuses an id file that is a link, readable by others, or not an id", () => {
    const linked = scratch();
    writeFileSync(join(linked, "elsewhere"), "abababababababab\n", { mode: 0o600 });
    symlinkSync(join(linked, "elsewhere"), join(linked, CONTROLLER_ID_FILE));
    expect(() => controllerId({ stateDir: linked })).toThrow(/cannot be opened without following a link/);

    const readable = scratch();
    writeFileSync(join(readable, CONTROLLER_ID_FILE), "abababababababab\n", { mode: 0o644 });
    chmodSync(join(readable, CONTROLLER_ID_FILE), 0o644);
    expect(() => controllerId({ stateDir: readable })).toThrow(/mode 644 lets other users read or write it/);

    const garbled = scratch();
    mkdirSync(garbled, { recursive: true });
    writeFileSync(join(garbled, CONTROLLER_ID_FILE), "../../etc\n", { mode: 0o600 });
    expect(() => controllerId({ stateDir: garbled })).toThrow(/does not hold a controller id/);
  });
});
