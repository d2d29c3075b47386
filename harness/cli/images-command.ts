/** `fencecheck images build`: the docker runtime's images, assembled offline from this host's binaries. */
import { join } from "node:path";
import { Command } from "commander";
import { createSystemClock, HarnessError } from "../../core/index.js";
import { endingOnInterrupt, type CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { buildImages, connectEngine, describeResult, imageSpecs, packageRoot, pingEngine } from "../runtime/index.js";

/** Builds the `images` command with its `build` subcommand. */
export function imagesCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  const known = imageSpecs().map((s) => `  ${s.name}: ${s.description}${s.optional ? " (skipped when not installed)" : ""}`).join("\n");
  const build = new Command("build")
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.io.out(s), writeErr: (s) => ctx.io.err(s) })
    .description("Build the docker runtime's images from this host's installed binaries (no registry; classic builder)")
    .argument("[names...]", "images to build (with their base); all by default")
    .option("--force", "rebuild even when the inputs did not change")
    .addHelpText("after", `\nImages:\n${known}\n`)
    // Ctrl-C ends the process at once: the engine stops a build whose client went away, and an image is
    // tagged only once built, so an interrupted build leaves the images as they were.
    .action((names: string[], opts: { force?: boolean }) => endingOnInterrupt(ctx)(async () => {
      const engine = connectEngine();
      await pingEngine(engine);
      if (engine.remote) ctx.io.err(`note: building on the remote engine at "${engine.address}" (the context is sent over)\n`);
      const results = await buildImages(engine, {
        names,
        templatePath: join(packageRoot(), "docker", "offline", "Dockerfile"),
        clock: createSystemClock(),
        ...(opts.force ? { force: true } : {}),
        log: (line) => ctx.io.out(`${line}\n`),
      });
      const wanted = results.filter((r) => names.includes(r.name) && r.status === "skipped");
      if (wanted.length > 0) throw new HarnessError("prerequisite.missing", `Cannot build image "${wanted[0]?.name}": ${describeResult(wanted[0]!)}`);
      setExit(0);
    }));
  return new Command("images").description("Docker images for --runtime docker").addCommand(build);
}
