/**
 * The design-review page of `fencecheck scenario run --all`: every
 * scenario's claim, and for each variant the expected and the actual
 * verdict, linking to its report. Pure: rows in, HTML out.
 */
import { escapeHtml } from "./html-escape.js";
/** Renders the scenario page as one self-contained HTML document. */
export function renderScenarioPage(rows, title) {
    const failed = rows.filter((r) => !r.passed).length;
    const groups = new Map();
    for (const row of rows)
        groups.set(row.scenario, [...(groups.get(row.scenario) ?? []), row]);
    const sections = [...groups.values()].map(section).join("\n");
    const verdict = failed === 0 ? `All ${rows.length} runs showed what their design predicts` : `${failed} of ${rows.length} runs did not show what their design predicts`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${CSS}</style></head>
<body><main><header class="${failed === 0 ? "ok" : "bad"}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(verdict)}</p></header>
${sections}</main></body></html>\n`;
}
function section(rows) {
    const first = rows[0];
    if (!first)
        return "";
    const body = rows
        .map((r) => `<tr class="${r.passed ? "pass" : "miss"}"><td>${escapeHtml(r.variant)}</td><td>${escapeHtml(r.expect)}</td>
<td><a href="${escapeHtml(r.href)}">${escapeHtml(r.actual)}</a></td><td>${r.passed ? "as predicted" : "NOT as predicted"}</td>
<td>${r.seed}</td><td>${escapeHtml(r.why)}</td></tr>`)
        .join("\n");
    return `<section><h2>${escapeHtml(first.scenario)}</h2><p class="claim">${escapeHtml(first.claim)}</p>
<table><thead><tr><th>design</th><th>expected</th><th>actual</th><th></th><th>seed</th><th>why</th></tr></thead><tbody>${body}</tbody></table></section>`;
}
const CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#fafafa;color:#222}main{max-width:1100px;margin:0 auto;padding:1rem}
header{padding:1rem 1.5rem;border-radius:6px;color:#fff}header.ok{background:#2e7d32}header.bad{background:#c62828}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
tr.pass td:nth-child(4){color:#2e7d32}tr.miss td:nth-child(4){color:#c62828;font-weight:bold}.claim{font-style:italic}`;
//# sourceMappingURL=scenario-page.js.map