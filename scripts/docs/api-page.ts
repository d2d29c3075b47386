/**
 * docs/reference/api.md: the programmatic API, every name harness/index.ts
 * exports (the package's entry), with its kind and the first sentence of
 * its doc comment, grouped by the module that declares it. Read with the
 * TypeScript compiler API from the sources, so the page lists what the
 * entry exports today.
 */
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

/** Every name `entry` exports, from the program of that file alone (its imports followed). */
export function apiEntries(root: string, entry: string): ApiEntry[] {
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, noLib: true, types: [], noEmit: true, allowJs: false };
  const program = ts.createProgram({ rootNames: [entry], options, host: sourcesOnlyHost(options) });
  const checker = program.getTypeChecker();
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

/** The page: one table per declaring module, modules and names in alphabetical order. */
export function renderApiPage(entries: readonly ApiEntry[]): string {
  const byModule = new Map<string, ApiEntry[]>();
  for (const e of [...entries].sort((a, b) => a.module.localeCompare(b.module) || a.name.localeCompare(b.name))) {
    byModule.set(e.module, [...(byModule.get(e.module) ?? []), e]);
  }
  const sections = [...byModule].map(([module, list]) =>
    `## ${module}\n\n${table(["name", "kind", "what it is"], list.map((e) => [`\`${e.name}\``, e.kind, e.summary]))}`);
  const undocumented = entries.filter((e) => e.summary === "").length;
  return [
    "# Programmatic API",
    generatedNote("the exports of harness/index.ts, read with the TypeScript compiler API (scripts/docs/api-page.ts)"),
    "`import { runTest, analyzeRun, checkFile, ... } from \"fencecheck\"`: every name the package's entry (harness/index.ts) exports, " +
      "with its kind and the first sentence of its doc comment, grouped by the module that declares it. " +
      `${entries.length} names; ${undocumented} without a doc comment ("–"). The full contracts are in the doc comments of the declaring files.`,
    ...sections,
  ].join("\n\n") + "\n";
}
