/**
 * Composition of checkers: each runs through `checkSafe`, and validities
 * merge with false beating unknown beating true.
 */
import { mergeValidity } from "../harness/core/index.js";
/** Wraps a checker so that a thrown error or rejection becomes `{valid: "unknown", error}`. */
export function checkSafe(checker) {
    return {
        name: checker.name,
        async check(input, opts) {
            try {
                return await checker.check(input, opts);
            }
            catch (err) {
                return { valid: "unknown", error: err instanceof Error ? err.message : String(err) };
            }
        },
    };
}
/** A checker (name "compose") running `checkers` in order; duplicate names get a "#2" suffix. */
export function compose(checkers) {
    return {
        name: "compose",
        async check(input, opts) {
            const results = {};
            for (const checker of checkers) {
                let name = checker.name;
                for (let n = 2; name in results; n++)
                    name = `${checker.name}#${n}`;
                results[name] = await checkSafe(checker).check(input, opts);
            }
            return { valid: mergeValidity(Object.values(results).map((r) => r.valid)), results };
        },
    };
}
//# sourceMappingURL=compose.js.map