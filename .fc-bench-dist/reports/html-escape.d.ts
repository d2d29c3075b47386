/** Escaping for text and attribute values in HTML and inline SVG. */
/** Escapes `&<>"'` so any string is safe as HTML text or a quoted attribute value. */
export declare function escapeHtml(value: unknown): string;
