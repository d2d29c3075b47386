import type { Clock } from "../../core/index.js";
/** The facts the prerequisite check looks at. */
export interface LocalFacts {
    readonly isRoot: boolean;
    readonly hasIp: boolean;
    readonly hasIptables: boolean;
}
/** One line per missing prerequisite, most important first (pure). */
export declare function missingPrerequisites(facts: LocalFacts): string[];
/** Looks at this machine. */
export declare function localFacts(clock: Clock): Promise<LocalFacts>;
/** Throws "prerequisite.missing" with one line per missing thing, or resolves when all is there. */
export declare function checkLocalPrerequisites(clock: Clock): Promise<void>;
