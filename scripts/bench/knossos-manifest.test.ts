import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { knossosManifest } from "./knossos-manifest.js";

const checkout = mkdtempSync(join(tmpdir(), "knossos-"));
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

function history(path: string): void {
  mkdirSync(join(checkout, path, ".."), { recursive: true });
  writeFileSync(join(checkout, path), "{:process 0, :type :invoke, :f :read, :value nil}\n");
}

describe("the Knossos manifest", () => {
  it("reads good/ as linearizable and bad/ as not, with each folder's model, and names the folders it leaves out", () => {
    history("data/cas-register/good/b.edn");
    history("data/cas-register/good/a.edn");
    history("data/cas-register/bad/c.edn");
    history("data/mutex/bad/etcd.edn");
    history("data/multi-register/good/m.edn");
    history("data/cas-register/bad/notes.html");
    history("data/set/good/s.edn");
    const manifest = knossosManifest(checkout);
    const data = join(checkout, "data");
    expect(manifest.text.split("\n").filter((l) => l !== "" && !l.startsWith("#"))).toEqual([
      `${data}/cas-register/good/a.edn\tcas-register:0\tok`,
      `${data}/cas-register/good/b.edn\tcas-register:0\tok`,
      `${data}/cas-register/bad/c.edn\tcas-register:0\tillegal`,
      `${data}/multi-register/good/m.edn\tmulti-register:{"x":0,"y":0}\tok`,
      `${data}/mutex/bad/etcd.edn\tmutex\tillegal`,
    ]);
    expect(manifest.rows).toBe(5);
    expect(manifest.skipped).toEqual(["set"]);
    expect(knossosManifest(data).text).toBe(manifest.text);
  });
});
