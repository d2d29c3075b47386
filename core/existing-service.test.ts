import { describe, expect, it } from "vitest";
import { checkExistingService } from "./existing-service.js";

const good = { port: 2379, pid: "pgrep -x etcd || true", stop: "systemctl kill -s KILL etcd", start: "systemctl start etcd" };

describe("an existing service's declaration", () => {
  it("is accepted with a port and the three commands, and with its optional fields", () => {
    expect(checkExistingService(good, "f")).toEqual(good);
    const full = { ...good, dataDir: "/var/lib/etcd", nodes: 3, readyTimeoutMs: 60_000 };
    expect(checkExistingService(full, "f")).toEqual(full);
  });

  it.each([
    [null, "it is not an object"],
    [{ ...good, port: 0 }, `"port" must be a port number, not 0`],
    [{ ...good, port: "2379" }, `"port" must be a port number, not "2379"`],
    [{ ...good, start: "" }, `"start" must be a shell command (a non-empty string)`],
    [{ ...good, stop: "a\nb" }, `"stop" must be one line`],
    [{ port: 1, pid: "x", stop: "y" }, `"start" must be a shell command (a non-empty string)`],
    [{ ...good, dataDir: "data" }, `"dataDir" must be an absolute path`],
    [{ ...good, restart: "x" }, `"restart" is not a field (fields: port, pid, stop, start, dataDir, nodes, readyTimeoutMs)`],
  ])("is refused naming what is wrong: %j", (value, why) => {
    expect(() => checkExistingService(value, `"etcd.json"`)).toThrow(`Cannot use the existing service declared in "etcd.json": ${why}`);
  });
});
