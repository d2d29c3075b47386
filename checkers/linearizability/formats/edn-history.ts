/**
 * Jepsen EDN histories: one op map per line, or one vector (or list) of op
 * maps; porcupine's kv logs are the one-map-per-line kind with `:key`.
 */
import { EdnSyntaxError, readEdnItems, type EdnForm } from "./edn.js";
import { badLine, opFromMap, unterminatedLastLine, type JepsenOp, type OnCutShort } from "./jepsen-op.js";

/**
 * Parses an EDN history; `source` names the file in errors. A last line
 * without a newline that does not read as EDN is left out and passed to
 * `onCutShort` (the tail of a write cut short); any other bad line throws.
 */
export function parseEdnHistory(text: string, source: string, onCutShort?: OnCutShort): JepsenOp[] {
  let items: EdnForm[];
  try {
    items = readEdnItems(text);
  } catch (error) {
    if (!(error instanceof EdnSyntaxError)) throw error;
    const cut = unterminatedLastLine(text);
    if (cut === undefined || error.line !== cut || onCutShort === undefined) return badLine(source, error.line, `bad EDN: ${error.message}`);
    onCutShort(cut);
    return parseEdnHistory(text.slice(0, text.lastIndexOf("\n") + 1), source);
  }
  const ops: JepsenOp[] = [];
  for (const item of items) {
    const op = opFromMap(item.value, source, item.line);
    if (op) ops.push(op);
  }
  return ops;
}
