/** Creates the table if needed. */
export const PG_SCHEMA = "CREATE TABLE IF NOT EXISTS kv (key text PRIMARY KEY, value text NOT NULL, token numeric, highest numeric, version bigint NOT NULL DEFAULT 1)";
/** The write statement of a mode ($1 key, $2 value, $3 token); returns rows (affected, highest before). */
export function pgWriteStatement(mode) {
    const condition = mode === "fenced" ? " WHERE kv.highest IS NULL OR kv.highest <= EXCLUDED.token" : "";
    return [
        "WITH prev AS (SELECT highest FROM kv WHERE key = $1),",
        "up AS (INSERT INTO kv (key, value, token, highest) VALUES ($1, $2, $3::numeric, $3::numeric)",
        "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token,",
        `highest = GREATEST(kv.highest, EXCLUDED.token), version = kv.version + 1${condition} RETURNING 1)`,
        "SELECT (SELECT count(*) FROM up)::int AS affected, (SELECT highest::text FROM prev) AS highest",
    ].join(" ");
}
/** Runs one write and returns its storage record (fenced storage refuses a write without a token before asking). */
export async function pgWrite(db, mode, write, at) {
    const base = { node: at.node, key: write.key, value: write.value, token: write.token, client: write.client, mode: `postgres-${mode}` };
    if (mode === "fenced" && write.token === null) {
        const prev = await db.query("SELECT highest::text AS h FROM kv WHERE key = $1", [write.key]);
        return { ...base, time: at.now(), accepted: false, highest: prev.rows[0]?.h ?? null, reason: "missing-token" };
    }
    const answer = await db.query(pgWriteStatement(mode), [write.key, write.value, write.token]);
    const row = answer.rows[0];
    const accepted = row?.affected === 1;
    return { ...base, time: at.now(), accepted, highest: row?.highest ?? null, ...(accepted ? {} : { reason: "stale-token" }) };
}
/** Reads a key: value and token, nulls when never written. */
export async function pgRead(db, key) {
    const answer = await db.query("SELECT value, token::text AS token FROM kv WHERE key = $1", [key]);
    const row = answer.rows[0];
    return row ? { value: row.value, token: row.token } : { value: null, token: null };
}
//# sourceMappingURL=pg-storage.js.map