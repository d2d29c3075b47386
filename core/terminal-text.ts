/**
 * Text from a history (resource names, values, error messages a service or
 * an adapter sent) made safe to print on a terminal: an ESC byte in a
 * resource name would otherwise reach the user's terminal as a command
 * (clear the screen, retitle the window, rewrite what was printed).
 */

/**
 * Every C0 and C1 control character, DEL, and the Unicode characters that
 * reorder or break lines (bidi overrides and isolates, line and paragraph
 * separators).
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** How `terminalText` treats "\n" and "\t": kept (a message of the tool's own lines, its columns) or escaped (a line, or a value in one). */
export type LayoutPolicy = "keep" | "escape";

/**
 * `text` with each control character written as its escape, as JSON would
 * (`\u001b`, `\r`, `\t`...), so it prints as visible characters and does
 * nothing. "\n" and "\t" are escaped too unless `layout` is "keep". Pure.
 */
export function terminalText(text: string, layout: LayoutPolicy = "escape"): string {
  return text.replace(layout === "keep" ? CONTROLS_BUT_LAYOUT : CONTROLS, escapeOne);
}

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeOne(c: string): string {
  return NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
