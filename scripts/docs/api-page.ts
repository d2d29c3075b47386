/**
 * docs/reference/api.md: the programmatic API, every name each entry of the
 * package exports (package.json `exports`: "fencecheck", harness/index.ts,
 * then "fencecheck/core" and the others), with its kind and the first
 * sentence of its doc comment, grouped by the module that declares it. Read
 * with the TypeScript compiler API from the sources, so the page lists what
 * the entries export today.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { generatedNote, table } from "./markdown.js";

/** One exported name. */
export interface ApiEntry {
  readonly name: string;
  readonly kind: string;
  /** The declaring file, relative to the package root ("core/run-config.ts"). */
  readonly module: string;
  /** The first sentence of its doc comment, or "" for none. */
  readonly summary: string;
}

const KINDS: ReadonlyArray<readonly [ts.SyntaxKind, string]> = [
  [ts.SyntaxKind.FunctionDeclaration, "function"],
  [ts.SyntaxKind.ClassDeclaration, "class"],
  [ts.SyntaxKind.InterfaceDeclaration, "interface"],
  [ts.SyntaxKind.TypeAliasDeclaration, "type"],
  [ts.SyntaxKind.EnumDeclaration, "enum"],
  [ts.SyntaxKind.ModuleDeclaration, "namespace"],
];

function kindOf(declaration: ts.Declaration): string {
  if (ts.isVariableDeclaration(declaration)) {
    return (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0 ? "const" : "variable";
  }
  return KINDS.find(([k]) => k === declaration.kind)?.[1] ?? ts.SyntaxKind[declaration.kind];
}

/** The first sentence of a doc comment: up to the first full stop that ends a sentence ("e.g." does not), on one line. */
export function firstSentence(doc: string): string {
  const flat = doc.replace(/\s+/g, " ").trim();
  const end = /(?<!\b(?:e\.g|i\.e|etc|vs))[.!?](?=\s|$)/.exec(flat);
  return end === null ? flat : flat.slice(0, end.index + 1);
}

/**
 * A compiler host that follows only relative imports, to our own .ts files
 * (a ".js" specifier names its ".ts" source): the declarations the page
 * needs are all ours, and leaving out node_modules' typings (the AWS SDK's
 * alone are large) makes reading the entry take a second, not tens.
 */
function sourcesOnlyHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  host.resolveModuleNameLiterals = (literals, containingFile) =>
    literals.map((literal) => {
      if (!literal.text.startsWith(".")) return { resolvedModule: undefined };
      const resolvedFileName = resolve(dirname(containingFile), literal.text.replace(/\.js$/, ".ts"));
      return { resolvedModule: host.fileExists(resolvedFileName) ? { resolvedFileName, extension: ts.Extension.Ts } : undefined };
    });
  return host;
}

/** One entry of the package: how it is imported ("fencecheck/core"), its source file from the package root, and what it exports. */
export interface ApiEntryPoint {
  readonly specifier: string;
  readonly file: string;
  readonly entries: readonly ApiEntry[];
}

/** The entries package.json exports, as import specifiers and source files ("./core" -> "fencecheck/core", core/index.ts), in its order. */
export function packageEntryPoints(root: string): { specifier: string; file: string }[] {
  const manifest = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as { name: string; exports: Record<string, { default: string }> };
  return Object.entries(manifest.exports).map(([path, target]) => ({
    specifier: path === "." ? manifest.name : `${manifest.name}/${path.slice(2)}`,
    file: target.default.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts"),
  }));
}

/** Every name each of `entries` (files under `root`) exports, from one program of those files (their imports followed). */
export function apiEntryPoints(root: string, entries: readonly { specifier: string; file: string }[]): ApiEntryPoint[] {
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, noLib: true, types: [], noEmit: true, allowJs: false };
  const program = ts.createProgram({ rootNames: entries.map((e) => resolve(root, e.file)), options, host: sourcesOnlyHost(options) });
  const checker = program.getTypeChecker();
  return entries.map((e) => ({ ...e, entries: exportsOf(program, checker, root, resolve(root, e.file)) }));
}

/** Every name `entry` exports. */
function exportsOf(program: ts.Program, checker: ts.TypeChecker, root: string, entry: string): ApiEntry[] {
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error(`Cannot read the API: ${entry} is not a module`);
  return checker.getExportsOfModule(moduleSymbol).map((exported) => {
    const symbol = (exported.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.declarations?.[0];
    if (declaration === undefined) throw new Error(`Cannot read the API: ${exported.name} has no declaration`);
    return {
      name: exported.name,
      kind: kindOf(declaration),
      module: relative(root, declaration.getSourceFile().fileName).split(sep).join("/"),
      summary: firstSentence(ts.displayPartsToString(symbol.getDocumentationComment(checker))),
    };
  });
}

/** One entry's tables: one per declaring module, modules and names in alphabetical order. */
function entrySections(entries: readonly ApiEntry[]): string[] {
  const byModule = new Map<string, ApiEntry[]>();
  for (const e of [...entries].sort((a, b) => a.module.localeCompare(b.module) || a.name.localeCompare(b.name))) {
    byModule.set(e.module, [...(byModule.get(e.module) ?? []), e]);
  }
  return [...byModule].map(([module, list]) =>
    `### ${module}\n\n${table(["name", "kind", "what it is"], list.map((e) => [`\`${e.name}\``, e.kind, e.summary]))}`);
}

/** The page: the package's entries, then each one's names (the first, "fencecheck" itself, the front door). */
export function renderApiPage(points: readonly ApiEntryPoint[]): string {
  const count = (entries: readonly ApiEntry[]): string =>
    `${entries.length} name${entries.length === 1 ? "" : "s"}; ${entries.filter((e) => e.summary === "").length} without a doc comment ("–")`;
  return [
    "# Programmatic API",
    generatedNote("the entries of package.json's `exports`, read with the TypeScript compiler API (scripts/docs/api-page.ts)"),
    "`import { resolveRun, runTest, analyzeRun, checkFile, type LockAdapter } from \"fencecheck\"`: the package's entry (harness/index.ts) " +
      "is its front door: run a test, re-check a stored run, check a history, and the types a lock adapter is written against. " +
      "Everything else a user may import is in the package's other entries (package.json `exports`). Each section lists every name an entry exports, " +
      "with its kind and the first sentence of its doc comment, grouped by the module that declares it. " +
      "The full contracts are in the doc comments of the declaring files.",
    table(["import from", "source", "names"], points.map((p) => [`\`${p.specifier}\``, p.file, count(p.entries)])),
    ...points.flatMap((p) => [`## ${p.specifier}`, `\`${p.file}\`: ${count(p.entries)}.`, ...entrySections(p.entries)]),
  ].join("\n\n") + "\n";
}
