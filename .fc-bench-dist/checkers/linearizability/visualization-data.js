/** Turns a result into serializable visualization data. */
export function visualizationData(result) {
    return (result.info?.partitions ?? []).map((p) => ({
        index: p.index,
        result: p.outcome.result,
        ops: p.operations.map((op, id) => ({
            id,
            clientId: op.clientId,
            call: op.call,
            return: Number.isFinite(op.return) ? op.return : null,
            description: p.descriptions[id] ?? "",
        })),
        linearization: p.outcome.linearization,
        stuck: p.outcome.stuck,
        stateAfter: p.outcome.state,
    }));
}
//# sourceMappingURL=visualization-data.js.map