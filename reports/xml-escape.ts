/** XML text and attribute escaping for the JUnit documents. */

/** Escapes `value` for an XML attribute or text node, dropping the control characters XML 1.0 forbids. Pure. */
export function escapeXml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");
}
