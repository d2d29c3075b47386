/**
 * What `fencecheck serve` lets a browser see, decided from the request
 * alone. The server is on 127.0.0.1, but any web page the user opens can
 * send it requests, and a DNS-rebound name can read its answers; the store
 * holds files the services under test wrote. So:
 * - only `Host: 127.0.0.1:<port>` or `localhost:<port>` is answered (a
 *   rebound name carries its own host name);
 * - only the tool's own pages are HTML: a run's `report.html`, the index of
 *   a matrix, a `validate` or a `scenario` page, at the places the tool
 *   writes them; any other `.html` (a service's data folder) is text;
 * - every answer says `nosniff`, and a Content-Security-Policy that lets a
 *   page load nothing from anywhere: the tool's pages may run only the
 *   report's own script (by its hash) and their inline styles, and any
 *   other file is sandboxed (no script, an origin of its own).
 */
import { createHash } from "node:crypto";
import { TIMELINE_SCRIPT } from "../../reports/index.js";

/** The relative paths (from the store) where the tool writes its own pages. */
const TOOL_PAGES: readonly RegExp[] = [
  /^index\.html$/,
  /^[^/]+\/[^/]+\/report\.html$/,
  /^(?:matrix|validate)-[^/]+\/index\.html$/,
  /^scenarios\/[^/]+\/index\.html$/,
];

/** True when `relative` (a store-relative path with "/" separators) is where the tool writes one of its pages. Pure. */
export function isToolPage(relative: string): boolean {
  return TOOL_PAGES.some((page) => page.test(relative));
}

/** True when the Host header names this server by its loopback address or `localhost`, with its port. Pure. */
export function isOwnHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const named = host.toLowerCase();
  return named === `127.0.0.1:${port}` || named === `localhost:${port}`;
}

/** The CSP hash source of an inline script. Pure. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

const LOCKED = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The policy of the tool's pages: the report's one script by its hash (a
 * report written by another version of the tool draws no timeline here,
 * `fencecheck analyze <run-dir>` writes it again), inline styles (the
 * report's `<style>` and its legend swatches' `style` attributes), and
 * images only as `data:` URIs (the charts). Pure.
 */
export function toolPagePolicy(): string {
  return `${LOCKED}; script-src ${scriptHash(TIMELINE_SCRIPT)}; style-src 'unsafe-inline'; img-src data:`;
}

/** The policy of every other answer: nothing runs, and the file is an origin of its own. Pure. */
export function filePolicy(): string {
  return `${LOCKED}; sandbox`;
}
