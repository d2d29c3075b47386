/**
 * The storage kinds a run can use (`--storage`), each with one line on what
 * it is and its limits, for `fencecheck list`, and whether it needs a
 * fencing token to accept anything.
 */
/** Every storage kind, in the order `fencecheck list` prints them. */
export function storageKinds() {
    return [
        { name: "fenced", summary: "our storage service: rejects a write whose token is below the highest it accepted for the key",
            limits: "needs a fencing token on every write", needsToken: true },
        { name: "unfenced", summary: "our storage service: accepts every write, like an object store without conditions",
            limits: "cannot reject a stale holder's write: that is the point", needsToken: false },
        { name: "cas", summary: "our storage service: a write carries the version its writer read and is accepted only if still current",
            limits: "stops lost updates, not a stale holder that reads after the new holder wrote", needsToken: false },
        { name: "file", summary: "our storage service keeping each key as a plain file, overwritten with no condition",
            limits: "unfenced: the seed's honest limitation of a plain file", needsToken: false },
        { name: "postgres-fenced", summary: "PostgreSQL table kv: an upsert WHERE highest <= token; accepted = a row was affected",
            limits: "needs a fencing token on every write; bring-up runs initdb (about 1 s)", needsToken: true },
        { name: "postgres-unfenced", summary: "PostgreSQL table kv: a plain upsert, accepted whatever the token",
            limits: "cannot reject a stale holder's write", needsToken: false },
    ];
}
//# sourceMappingURL=storage-kinds.js.map