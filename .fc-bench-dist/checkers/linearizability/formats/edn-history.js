/**
 * Jepsen EDN histories: one op map per line, or one vector (or list) of op
 * maps; porcupine's kv logs are the one-map-per-line kind with `:key`.
 */
import { EdnSyntaxError, readEdnItems } from "./edn.js";
import { badLine, opFromMap } from "./jepsen-op.js";
/** Parses an EDN history; `source` names the file in errors. */
export function parseEdnHistory(text, source) {
    let items;
    try {
        items = readEdnItems(text);
    }
    catch (error) {
        if (error instanceof EdnSyntaxError)
            return badLine(source, error.line, `bad EDN: ${error.message}`);
        throw error;
    }
    const ops = [];
    for (const item of items) {
        const op = opFromMap(item.value, source, item.line);
        if (op)
            ops.push(op);
    }
    return ops;
}
//# sourceMappingURL=edn-history.js.map