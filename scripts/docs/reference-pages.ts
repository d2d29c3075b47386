/**
 * Every generated page of the docs, as `npm run docs` writes it: the
 * reference under docs/reference/ (CLI help, registries, API) and the
 * index of docs/measurements/. The drift test (reference.test.ts) compares
 * each with the committed file.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { renderMeasurementIndex } from "../measurements/pages.js";
import { apiEntryPoints, packageEntryPoints, renderApiPage } from "./api-page.js";
import { allHelp, type HelpReader, readHelpInProcess } from "./cli-help.js";
import { renderCliPage } from "./cli-page.js";
import { faultsPage, lockServicesPage, storagePage, workloadsPage } from "./registry-pages.js";
import { generatedNote } from "./markdown.js";

/** One generated page: its path from the package root, and its text. */
export interface GeneratedPage {
  readonly path: string;
  readonly text: string;
}

/** The command that writes every generated page. */
export const REGENERATE = "npm run docs";

function referenceIndex(): string {
  const pages = [
    ["cli.md", "CLI", "every command's and subcommand's `--help`"],
    ["lock-services.md", "Lock services", "the built-in adapters (`--lock`): token, lease, limits, durability"],
    ["faults.md", "Faults", "the fault packages (`--nemesis`): what each does and what it needs"],
    ["storage.md", "Storage", "the storage kinds (`--storage`)"],
    ["workloads.md", "Workloads", "the workloads (`--workload`)"],
    ["api.md", "Programmatic API", "every name each entry of the package exports (`fencecheck`, `fencecheck/core`...), by module"],
  ];
  return [
    "# Reference",
    generatedNote("scripts/docs/reference-pages.ts"),
    "Pages generated from the code, so they say what the code does today. Measured figures are apart, in [../measurements/](../measurements/README.md).",
    pages.map(([file, title, what]) => `- [${title}](${file}): ${what}`).join("\n"),
    "What the CLI knows, as you would ask it (these commands are run by the doc-snippet test, scripts/docs/doc-snippets.test.ts):",
    "```sh\nfencecheck --help\nfencecheck run --help\nfencecheck list\nfencecheck check harness/store/fixtures/reference-fenced-pause-holder/history.jsonl\n```",
    "A run starts nodes, so the test does not run it (it checks its options against `run --help`):",
    "<!-- not-run: starts nodes, needs root and the Debian packages -->\n```sh\nfencecheck run --lock reference --storage unfenced --nemesis pause-holder --seed 7\n```",
    "After a change to a command, a registry or an exported name, write these pages again (the drift test, scripts/docs/reference.test.ts, fails until then):",
    "<!-- not-run: builds the package first -->\n```sh\nnpm run docs\n```",
  ].join("\n\n") + "\n";
}

/** Every generated page, made now from the code under `root`. */
export async function generatedPages(root: string, readHelp: HelpReader = readHelpInProcess): Promise<GeneratedPage[]> {
  const measured = (file: string): boolean => existsSync(join(root, "docs/measurements", file));
  return [
    { path: "docs/reference/README.md", text: referenceIndex() },
    { path: "docs/reference/cli.md", text: renderCliPage(await allHelp(readHelp)) },
    { path: "docs/reference/lock-services.md", text: lockServicesPage() },
    { path: "docs/reference/faults.md", text: faultsPage() },
    { path: "docs/reference/storage.md", text: storagePage() },
    { path: "docs/reference/workloads.md", text: workloadsPage() },
    { path: "docs/reference/api.md", text: renderApiPage(apiEntryPoints(root, packageEntryPoints(root))) },
    { path: "docs/measurements/README.md", text: renderMeasurementIndex(measured) },
  ];
}


