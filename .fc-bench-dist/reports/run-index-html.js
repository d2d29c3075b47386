import { escapeHtml as e } from "./html-escape.js";
const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#222}
table{border-collapse:collapse;width:100%}td,th{padding:4px 10px;text-align:left;border-bottom:1px solid #eee}
.v-true{background:#e8f5e9}.v-false{background:#ffebee}.v-unknown{background:#f0f0f0}.v-none{background:#fffde7}
.badge{display:inline-block;padding:0 7px;border-radius:9px;color:#fff;font-size:12px;margin-right:4px}
.b-true{background:#2e7d32}.b-false{background:#c62828}.b-unknown{background:#6d6d6d}`;
function verdict(v) {
    return v === undefined ? "no result" : v === true ? "valid" : v === false ? "INVALID" : "unknown";
}
function row(r) {
    const cls = r.valid === undefined ? "v-none" : `v-${String(r.valid)}`;
    const link = r.reportHref ? `<a href="${e(r.reportHref)}">report</a>` : "no report";
    const checkers = Object.entries(r.checkers).map(([n, v]) => `<span class="badge b-${String(v)}">${e(n)}</span>`).join("");
    return `<tr class="${cls}"><td>${e(r.name)}</td><td>${e(r.time)}</td><td><strong>${e(verdict(r.valid))}</strong></td><td>${checkers}</td><td>${link}</td></tr>`;
}
/** Renders the index page; runs are shown in the order given. Pure. */
export function renderRunIndex(index) {
    const runs = index.runs.length === 0 ? "<p>No runs in this store yet.</p>"
        : `<table><tr><th>run</th><th>started</th><th>verdict</th><th>checkers</th><th></th></tr>\n${index.runs.map(row).join("\n")}\n</table>`;
    const matrices = index.matrices.length === 0 ? "" : `<h2>Matrices</h2><ul>${index.matrices.map((m) => `<li><a href="${e(m.href)}">${e(m.name)}</a></li>`).join("")}</ul>`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>fencecheck: ${e(index.store)}</title><style>${STYLE}</style></head>
<body><h1>fencecheck runs</h1><p>Store: ${e(index.store)}</p>
${matrices}<h2>Runs</h2>
${runs}
</body></html>
`;
}
//# sourceMappingURL=run-index-html.js.map