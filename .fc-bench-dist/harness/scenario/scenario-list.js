/** Every scenario, in the order the design notes tell them. */
export function scenarioList() {
    return [
        {
            name: "gc-pause",
            claim: "A paused lease holder wakes up believing it still holds the lock. Fencing tokens move enforcement to the resource: storage that has seen token N+1 rejects token N.",
            variants: [
                {
                    label: "without fencing",
                    argv: ["--lock", "reference", "--storage", "unfenced", "--nemesis", "pause-holder"],
                    expect: "invalid",
                    why: "unfenced storage accepts the sleeper's write under its expired lease",
                },
                {
                    label: "with fencing tokens",
                    argv: ["--lock", "reference", "--storage", "fenced", "--nemesis", "pause-holder"],
                    expect: "valid",
                    why: "fenced storage has already seen the next holder's token and rejects the stale one",
                },
            ],
        },
        {
            name: "clock-skew-lease",
            claim: "A lease is a lock with a clock, and clocks are the weak link: a holder whose clock runs slow believes its lease valid after it expired, so 'the lock expired so it's safe' is unsound. Fencing tokens need no clock at all.",
            variants: [
                {
                    label: "lease checked on a true clock, after a pause",
                    argv: ["--lease-check", "skip", "--storage", "unfenced", "--nemesis", "pause-holder"],
                    expect: "valid",
                    why: "the paused client looks at its clock before writing, sees the lease expired, and does not write",
                },
                {
                    label: "lease checked on a slow clock",
                    argv: ["--lease-check", "skip", "--storage", "unfenced", "--nemesis", "clock-holder"],
                    expect: "invalid",
                    why: "the holder's clock says little time passed, so it writes after the lease expired and the next holder wrote",
                },
                {
                    label: "slow clock, fenced storage",
                    argv: ["--lease-check", "skip", "--storage", "fenced", "--nemesis", "clock-holder"],
                    expect: "valid",
                    why: "storage compares tokens, not clocks: the late write carries an old token and is rejected",
                },
            ],
        },
        {
            name: "self-fencing",
            claim: "STONITH / self-fencing is the blunter alternative: a client that checks its lease before writing and kills itself on loss. It survives a pause before the check, but not a pause between the check and the write; token fencing survives both.",
            variants: [
                {
                    label: "self-fencing, paused before its check",
                    argv: ["--lease-check", "self-fence", "--storage", "unfenced", "--nemesis", "pause-holder"],
                    expect: "valid",
                    why: "the client wakes, sees by its own clock that its lease expired, and exits before writing",
                },
                {
                    label: "self-fencing, paused between check and write",
                    argv: ["--lease-check", "self-fence", "--storage", "unfenced", "--nemesis", "pause-writer", "--write-delay-ms", "300"],
                    expect: "invalid",
                    why: "the check passed just before the pause; after it the client writes without looking again",
                },
                {
                    label: "token fencing, paused between check and write",
                    argv: ["--lease-check", "self-fence", "--storage", "fenced", "--nemesis", "pause-writer", "--write-delay-ms", "300"],
                    expect: "valid",
                    why: "storage checks the token at the moment of the write, so the window does not exist",
                },
            ],
        },
        {
            name: "storage-cannot-fence",
            claim: "Fencing only works if the downstream resource participates. A plain file or an object store without conditions cannot reject a stale writer, even behind a perfect lock service; conditional writes and single-writer partitioning keep the data safe.",
            variants: [
                {
                    label: "plain file per key",
                    argv: ["--storage", "file", "--nemesis", "pause-writer", "--hold-ms", "300"],
                    expect: "invalid",
                    why: "the file takes whatever is written last: the sleeper overwrites the next holder's data",
                },
                {
                    label: "object store without conditions",
                    argv: ["--storage", "unfenced", "--nemesis", "pause-writer", "--hold-ms", "300"],
                    expect: "invalid",
                    why: "an unconditional PUT cannot tell a stale writer from a current one",
                },
                {
                    label: "conditional writes (version / ETag)",
                    argv: ["--storage", "cas", "--nemesis", "pause-writer", "--hold-ms", "300"],
                    expect: "valid",
                    why: "the sleeper's write names the version it read, which the next holder has since replaced",
                },
                {
                    label: "single-writer partitioning",
                    argv: ["--storage", "unfenced", "--single-writer", "--clients", "3", "--resources", "3", "--nemesis", "pause-writer", "--hold-ms", "300"],
                    expect: "valid",
                    why: "each key has one writer, so no one else's data can be overwritten",
                },
            ],
        },
    ];
}
/** Finds a scenario by name. */
export function findScenario(name) {
    return scenarioList().find((s) => s.name === name);
}
//# sourceMappingURL=scenario-list.js.map