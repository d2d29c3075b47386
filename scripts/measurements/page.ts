/**
 * The one writer of docs/measurements/: a bench prints its lines through a
 * recorder, which keeps them and, at the end, writes them to the bench's
 * page (scripts/measurements/pages.ts) under a stamp: the date, the commit,
 * the machine (cores, CPU, load average at the start and at the end), Node
 * and the command. It then rewrites the pages' index. A quick run
 * (`--quick`) prints as before and writes nothing.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchPrinter, isQuick } from "../bench/quick.js";
import { measurementPageOf, renderMeasurementIndex, type MeasurementPage } from "./pages.js";

/** Where and when a measurement was made. */
export interface MeasurementStamp {
  /** UTC, to the minute: "2026-12-07 04:40 UTC". */
  readonly date: string;
  /** The short commit, with " (with uncommitted changes)" when the tree differs from it. */
  readonly commit: string;
  readonly cores: number;
  readonly cpu: string;
  readonly node: string;
  /** The 1, 5 and 15 minute load averages when the bench started, and when it ended. */
  readonly loadAtStart: readonly number[];
  readonly loadAtEnd: readonly number[];
  /** The command as typed: "npm run bench:report -- 1000000". */
  readonly command: string;
}

/** The page: title, stamp, what it measures, then the bench's lines as printed. */
export function renderMeasurementPage(page: MeasurementPage, stamp: MeasurementStamp, lines: readonly string[]): string {
  const load = (l: readonly number[]): string => l.map((x) => x.toFixed(2)).join(", ");
  return [
    `# ${page.title}`,
    `<!-- Written by \`${page.command}\` (scripts/measurements/page.ts). Do not edit: run the command again and commit the page. -->`,
    `What it measures: ${page.what}.`,
    [
      `- Measured: ${stamp.date}, at commit ${stamp.commit}`,
      `- Command: \`${stamp.command}\``,
      `- Machine: ${stamp.cores} cores (${stamp.cpu}), Node ${stamp.node}`,
      `- Load average (1, 5, 15 min): ${load(stamp.loadAtStart)} at the start, ${load(stamp.loadAtEnd)} at the end`,
    ].join("\n"),
    "On a machine shared with other work the times include waits for a core: compare figures of one page, and read CPU times where the bench gives them.",
    `\`\`\`text\n${lines.join("\n")}\n\`\`\``,
  ].join("\n\n") + "\n";
}

/** The package's root: the nearest folder above this file with fencecheck's package.json. */
export function packageRootOf(start: string): string {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "fencecheck") return dir;
  }
  throw new Error(`Cannot find fencecheck's package.json above ${start}`);
}

function commitOf(root: string): string {
  const git = (...args: string[]): string => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
  return `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "--untracked-files=no") === "" ? "" : " (with uncommitted changes)"}`;
}

/**
 * The command as typed, from the page's command and the bench's arguments
 * (without --quick, which writes no page). A page whose command carries
 * arguments of its own ("npm run bench:soak -- --lock etcd") gives the
 * script's part, followed by the arguments given.
 */
export function commandLine(page: MeasurementPage, argv: readonly string[]): string {
  const script = page.command.split(" -- ")[0] ?? page.command;
  return argv.length === 0 ? page.command : `${script} -- ${argv.join(" ")}`;
}

/** What a bench prints through, and the page it writes at its end. */
export interface MeasurementRecorder {
  /** Prints a line (marked when quick) and keeps it for the page. */
  print(line: string): void;
  /** Writes the page and the index and prints where (nothing when quick); returns the page's path from the package root, or undefined. */
  write(): string | undefined;
}

/**
 * A recorder for bench `bench` (its script's name, "bench-report"), taking
 * its stamp's start now. `argv` is the bench's arguments; `now` the clock's
 * date (injected by the caller: `new Date()`).
 */
export function measurementRecorder(bench: string, argv: readonly string[], now: () => Date, write = (text: string): void => void process.stdout.write(text)): MeasurementRecorder {
  const page = measurementPageOf(bench);
  const quick = isQuick(argv);
  const root = packageRootOf(dirname(fileURLToPath(import.meta.url)));
  const lines: string[] = [];
  const print = benchPrinter(quick, write);
  const started = { date: now(), commit: quick ? "" : commitOf(root), loadAtStart: loadavg() };
  return {
    print(line) {
      print(line);
      lines.push(...line.split("\n").map((l) => l.replaceAll(root, "<repo>").replaceAll(tmpdir(), "<tmp>")));
    },
    write() {
      if (quick) return undefined;
      const stamp: MeasurementStamp = {
        date: `${started.date.toISOString().slice(0, 16).replace("T", " ")} UTC`, commit: started.commit,
        cores: cpus().length, cpu: cpus()[0]?.model.trim() ?? "unknown CPU", node: process.version,
        loadAtStart: started.loadAtStart, loadAtEnd: loadavg(), command: commandLine(page, argv),
      };
      const dir = join(root, "docs", "measurements");
      mkdirSync(dir, { recursive: true });
      const path = join(dir, page.file);
      writeFileSync(path, renderMeasurementPage(page, stamp, lines));
      writeFileSync(join(dir, "README.md"), renderMeasurementIndex((file) => existsSync(join(dir, file))));
      write(`wrote docs/measurements/${page.file}\n`);
      return `docs/measurements/${page.file}`;
    },
  };
}
