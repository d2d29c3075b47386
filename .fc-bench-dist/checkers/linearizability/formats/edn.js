/**
 * A small EDN reader for Jepsen histories: nil, booleans, numbers (big
 * integers as bigint, `N`/`M` suffixes, ratios as numbers), strings,
 * characters, keywords and symbols (both read as strings without the colon),
 * vectors and lists (arrays), sets (arrays), maps (plain objects keyed by the
 * key's text), tagged literals (the tag is ignored: `#jepsen.history.Op{...}`
 * reads as the map), `#_` discards, `;` comments and commas as whitespace.
 */
/** A syntax error at a 1-based line. */
export class EdnSyntaxError extends Error {
    line;
    constructor(message, line) {
        super(message);
        this.line = line;
    }
}
const DELIMITERS = new Set([..."()[]{}\",; \t\r\n"]);
/** Reads every top-level form of `text`; throws EdnSyntaxError on bad input. */
export function readEdnForms(text) {
    const r = { text, pos: 0, line: 1 };
    const forms = [];
    for (;;) {
        skipSpace(r);
        if (r.pos >= text.length)
            return forms;
        const line = r.line;
        const value = readForm(r);
        if (value !== DISCARD)
            forms.push({ value, line });
    }
}
/**
 * Reads the items of a history: when the text is one vector or list, its
 * elements (each with the line it starts on); otherwise the top-level forms.
 */
export function readEdnItems(text) {
    const r = { text, pos: 0, line: 1 };
    skipSpace(r);
    const open = text[r.pos];
    if (open !== "[" && open !== "(")
        return readEdnForms(text);
    const close = open === "[" ? "]" : ")";
    const start = r.line;
    r.pos++;
    const items = [];
    for (;;) {
        skipSpace(r);
        if (r.pos >= text.length)
            throw new EdnSyntaxError(`unterminated collection opened on line ${start}`, start);
        if (text[r.pos] === close)
            break;
        const line = r.line;
        const value = readForm(r);
        if (value !== DISCARD)
            items.push({ value, line });
    }
    r.pos++;
    skipSpace(r);
    if (r.pos < text.length)
        fail(r, "text after the history's closing bracket");
    return items;
}
/** Reads one EDN value from `text` (the whole text must be that value). */
export function readEdn(text) {
    const forms = readEdnForms(text);
    if (forms.length !== 1)
        throw new EdnSyntaxError(`expected one value, found ${forms.length}`, 1);
    return forms[0].value;
}
const DISCARD = Symbol("discard");
function fail(r, why) {
    throw new EdnSyntaxError(why, r.line);
}
function skipSpace(r) {
    const t = r.text;
    while (r.pos < t.length) {
        const c = t[r.pos];
        if (c === "\n")
            r.line++;
        if (c === ";") {
            while (r.pos < t.length && t[r.pos] !== "\n")
                r.pos++;
        }
        else if (c === " " || c === "," || c === "\t" || c === "\r" || c === "\n")
            r.pos++;
        else
            return;
    }
}
function readForm(r) {
    const c = r.text[r.pos];
    switch (c) {
        case "[":
        case "(":
            return readSeq(r, c === "[" ? "]" : ")");
        case "{":
            return readMap(r);
        case '"':
            return readString(r);
        case "#":
            return readDispatch(r);
        case "\\":
            return readChar(r);
        case "]":
        case ")":
        case "}":
            return fail(r, `unexpected "${c}"`);
        default:
            return readAtom(r);
    }
}
function readSeq(r, close) {
    const start = r.line;
    r.pos++;
    const items = [];
    for (;;) {
        skipSpace(r);
        if (r.pos >= r.text.length)
            throw new EdnSyntaxError(`unterminated collection opened on line ${start}`, start);
        if (r.text[r.pos] === close) {
            r.pos++;
            return items;
        }
        const v = readForm(r);
        if (v !== DISCARD)
            items.push(v);
    }
}
function readMap(r) {
    const items = readSeq(r, "}");
    if (items.length % 2 !== 0)
        fail(r, "a map needs an even number of forms");
    const map = {};
    for (let i = 0; i < items.length; i += 2) {
        const k = items[i];
        map[typeof k === "string" ? k : JSON.stringify(k, (_x, v) => (typeof v === "bigint" ? String(v) : v))] =
            items[i + 1];
    }
    return map;
}
const ESCAPES = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\", b: "\b", f: "\f" };
function readString(r) {
    const t = r.text;
    const start = r.line;
    let out = "";
    let i = r.pos + 1;
    for (;;) {
        const j = t.indexOf('"', i);
        const k = t.indexOf("\\", i);
        if (j === -1)
            throw new EdnSyntaxError(`unterminated string opened on line ${start}`, start);
        if (k !== -1 && k < j) {
            out += t.slice(i, k);
            const e = t[k + 1] ?? "";
            if (e === "u") {
                out += String.fromCharCode(parseInt(t.slice(k + 2, k + 6), 16));
                i = k + 6;
            }
            else {
                const ch = ESCAPES[e];
                if (ch === undefined)
                    throw new EdnSyntaxError(`bad escape "\\${e}" in a string`, start);
                out += ch;
                i = k + 2;
            }
            continue;
        }
        out += t.slice(i, j);
        for (let p = r.pos; p < j; p++)
            if (t[p] === "\n")
                r.line++;
        r.pos = j + 1;
        return out;
    }
}
function readDispatch(r) {
    const next = r.text[r.pos + 1];
    if (next === "{") {
        r.pos++;
        return readSeq(r, "}");
    }
    if (next === "_") {
        r.pos += 2;
        skipSpace(r);
        readForm(r);
        return DISCARD;
    }
    r.pos++;
    const tag = readToken(r);
    if (tag === "")
        fail(r, `bad dispatch "#${next ?? ""}"`);
    skipSpace(r);
    if (r.pos >= r.text.length)
        fail(r, `tag "#${tag}" has no value`);
    return readForm(r);
}
function readChar(r) {
    r.pos++;
    const tok = readToken(r) || (r.text[r.pos++] ?? "");
    const named = { newline: "\n", space: " ", tab: "\t", return: "\r" };
    return named[tok] ?? tok;
}
function readToken(r) {
    const t = r.text;
    const start = r.pos;
    while (r.pos < t.length && !DELIMITERS.has(t[r.pos]))
        r.pos++;
    return t.slice(start, r.pos);
}
const INT = /^[+-]?\d+N?$/;
const FLOAT = /^[+-]?\d+(\.\d*)?([eE][+-]?\d+)?M?$/;
const RATIO = /^[+-]?\d+\/\d+$/;
function readAtom(r) {
    const tok = readToken(r);
    if (tok === "nil")
        return null;
    if (tok === "true")
        return true;
    if (tok === "false")
        return false;
    if (INT.test(tok)) {
        const digits = tok.endsWith("N") ? tok.slice(0, -1) : tok;
        const n = Number(digits);
        return Number.isSafeInteger(n) ? n : BigInt(digits);
    }
    if (FLOAT.test(tok))
        return Number(tok.endsWith("M") ? tok.slice(0, -1) : tok);
    if (RATIO.test(tok)) {
        const [a, b] = tok.split("/");
        return Number(a) / Number(b);
    }
    if (tok.startsWith(":")) {
        if (tok.length === 1)
            fail(r, `empty keyword`);
        return tok.startsWith("::") ? tok.slice(2) : tok.slice(1);
    }
    if (tok === "" || /^\d/.test(tok))
        fail(r, `bad token "${tok || r.text[r.pos]}"`);
    return tok;
}
//# sourceMappingURL=edn.js.map