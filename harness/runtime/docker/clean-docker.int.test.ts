/**
 * `clean` against a real engine holding a container whose run label is a
 * path: the label is never taken for a folder, and the container stays.
 * Cleans with a controller id of its own, so the runs of other tests on
 * this engine are left alone. Skipped, with a message, when no Docker
 * engine answers or it holds no image. Needs root.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanDocker } from "./clean-docker.js";
import { connectEngine, engineAnswers } from "./docker-engine.js";
import { CONTROLLER_LABEL, RUN_LABEL } from "./docker-plan.js";

const engine = connectEngine();
const available = await engineAnswers(engine);
const image = available ? (await engine.docker.listImages()).flatMap((i) => i.RepoTags ?? []).find((tag) => tag !== "<none>:<none>") : undefined;
if (image === undefined) console.warn(`skipping the label tests of clean: no Docker engine with an image answers at "${engine.address}"`);
const controllerId = `${process.pid.toString(16).padStart(8, "0")}c1ea0000`.slice(0, 16);
const created: string[] = [];

afterAll(async () => {
  await Promise.all(created.map((id) => engine.docker.getContainer(id).remove({ force: true }).catch(() => undefined)));
});

describe.runIf(image !== undefined)("fencecheck clean on an engine holding a container labelled with a path", () => {
  it.each([
    ["with no controller", { [RUN_LABEL]: "../x" }],
    ["forging this controller's id", { [RUN_LABEL]: "../x", [CONTROLLER_LABEL]: controllerId }],
  ])("leaves the folder x beside the state root and the container alone, %s, and names the label", async (_, labels) => {
    const root = mkdtempSync(join(tmpdir(), "fc-clean-labels-"));
    const stateDir = join(root, "state");
    mkdirSync(join(root, "x"));
    mkdirSync(stateDir);
    const container = await engine.docker.createContainer({ Image: image!, Cmd: ["true"], Labels: labels });
    created.push(container.id);

    const result = await cleanDocker(engine, { controllerId, stateDir });

    expect(existsSync(join(root, "x"))).toBe(true);
    expect((await container.inspect()).Config.Labels[RUN_LABEL]).toBe("../x");
    expect(result.refused).toContain("../x");
    expect(result.containers).not.toContain((await container.inspect()).Name.replace(/^\//, ""));
    rmSync(root, { recursive: true, force: true });
  });
});
