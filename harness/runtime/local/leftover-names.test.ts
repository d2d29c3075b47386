import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { removeSharedObjects } from "../common/faketime-shared.js";
import { removeStateDirs } from "./clean-run-state.js";
import { isRunCgroup, isRunStateDir, runNamespaces } from "./leftover-names.js";

describe("the names of a local run's leftovers", () => {
  const names = ["fc-ab12cd34-hub", "fc-ab12cd34-l1", "fc-ab12cd34-s-1", "fc-zz99-n1", "fc-other", "fc-", "fc-UP-hub", "fc-x-hub-", "fcx-ab-hub", "docker-1"];

  it("are a run's namespaces only in their exact form, and only of a run whose hub is there", () => {
    expect(runNamespaces(names)).toEqual(["fc-ab12cd34-hub", "fc-ab12cd34-l1", "fc-ab12cd34-s-1"]);
    expect(runNamespaces([...names, "fc-zz99-hub"], "zz99")).toEqual(["fc-zz99-n1", "fc-zz99-hub"]);
  });

  it("are a run's cgroups and state folders only in their exact form", () => {
    expect(["fencecheck-ab12cd34-l1", "fencecheck-ab-s-1"].map((n) => isRunCgroup(n))).toEqual([true, true]);
    expect(["fencecheck-", "fencecheck-x", "fencecheck-AB-l1", "fencecheck-ab-", "fencecheck-ab-l1/.."].map((n) => isRunCgroup(n))).toEqual([false, false, false, false, false]);
    expect(isRunCgroup("fencecheck-ab-l1", "a")).toBe(false);
    expect(["ab12cd34", "x", "lost+found", "..", "ab12cd34.old", "a".repeat(17)].map((n) => isRunStateDir(n))).toEqual([true, true, false, false, false, false]);
  });

  it("leave everything else in the state folder and /dev/shm when every run is cleaned", () => {
    const state = mkdtempSync(join(tmpdir(), "fc-leftovers-"));
    for (const name of ["ab12cd34", "lost+found", "keep.me"]) mkdirSync(join(state, name));
    expect(removeStateDirs(state)).toEqual([join(state, "ab12cd34")]);
    expect(readdirSync(state).sort()).toEqual(["keep.me", "lost+found"]);

    const shm = mkdtempSync(join(tmpdir(), "fc-shm-"));
    for (const file of ["fencecheck-ab12cd34-l1", "sem.fencecheck-ab12cd34-l1", "fencecheck-lazyfs", "fencecheck-", "fencecheck-UP-x"]) writeFileSync(join(shm, file), "");
    expect(removeSharedObjects(undefined, shm).sort()).toEqual([join(shm, "fencecheck-ab12cd34-l1"), join(shm, "sem.fencecheck-ab12cd34-l1")]);
    expect(readdirSync(shm).sort()).toEqual(["fencecheck-", "fencecheck-UP-x", "fencecheck-lazyfs"]);
  });
});
