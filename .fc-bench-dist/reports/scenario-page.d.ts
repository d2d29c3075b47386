/** One run of one variant, as the page shows it. */
export interface ScenarioRow {
    readonly scenario: string;
    readonly claim: string;
    readonly variant: string;
    readonly why: string;
    readonly expect: "valid" | "invalid" | "unavailable";
    /** "valid", "invalid", "unknown", or "unavailable". */
    readonly actual: string;
    readonly passed: boolean;
    readonly seed: number;
    /** Link to the run's report, relative to the page. */
    readonly href: string;
    readonly command: string;
}
/** Renders the scenario page as one self-contained HTML document. */
export declare function renderScenarioPage(rows: readonly ScenarioRow[], title: string): string;
