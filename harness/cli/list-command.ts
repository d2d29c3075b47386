/**
 * `fencecheck list`: what can be run, each with one line on what it is and
 * its limits. Every line comes from the registries (adapters, storage kinds,
 * workloads, fault packages), so the list cannot drift from what exists.
 */
import { Command } from "commander";
import type { CliContext } from "./cli-context.js";
import type { ExitCode } from "./io.js";
import { faultPackages } from "../../nemesis/index.js";
import { builtInAdapters, storageKinds, workloads } from "../../workloads/index.js";

/** The lines `list` prints (pure over the registries). */
export function listLines(): string[] {
  const lines = ["lock services (--lock):"];
  for (const a of builtInAdapters()) {
    lines.push(`  ${a.name.padEnd(21)}${a.info.summary}`);
    lines.push(`  ${"".padEnd(21)}token: ${a.info.token ?? "none"}${a.info.limits ? `; limits: ${a.info.limits}` : ""}`);
    if (a.info.durability) lines.push(`  ${"".padEnd(21)}durability: ${a.info.durability}`);
  }
  lines.push(`  ${"<path.mjs>".padEnd(21)}your own adapter module (docs/adapters.md); add --endpoints for a service the harness does not start, or --existing <file.json> (ssh runtime) for one already running on your hosts that faults should reach`);
  lines.push("storages (--storage):");
  for (const k of storageKinds()) lines.push(`  ${k.name.padEnd(21)}${k.summary}; limits: ${k.limits}`);
  lines.push("workloads (--workload):");
  for (const w of workloads()) lines.push(`  ${w.name.padEnd(21)}${w.description}`);
  lines.push("faults (--nemesis):");
  for (const p of faultPackages()) lines.push(`  ${p.name.padEnd(21)}${p.name.length >= 21 ? " " : ""}${p.description}`);
  return lines;
}

/** Builds the `list` command. */
export function listCommand(ctx: CliContext, setExit: (code: ExitCode) => void): Command {
  return new Command("list").description("List lock services, storages, workloads and faults").action(() => {
    for (const line of listLines()) ctx.io.out(line + "\n");
    setExit(0);
  });
}
