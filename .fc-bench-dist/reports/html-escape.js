/** Escaping for text and attribute values in HTML and inline SVG. */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Escapes `&<>"'` so any string is safe as HTML text or a quoted attribute value. */
export function escapeHtml(value) {
    return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
//# sourceMappingURL=html-escape.js.map