/** Our loss chain in a node's filter table. */
export declare const LOSS_CHAIN = "FENCECHECK-LOSS";
/** Our delay chain in a node's nat table. */
export declare const DELAY_CHAIN = "FENCECHECK-DELAY";
/**
 * The restore input that (re)declares the loss chain (flushing it), with one
 * random DROP per source address, plus the INPUT jump when `addJump`.
 */
export declare function lossScript(sources: readonly string[], probability: number, addJump: boolean): string;
/** The restore input that removes the loss jump and chain. */
export declare function lossHealScript(): string;
/** One redirected port of a node: connections to `host:port` go to `proxyPort`. */
export interface Redirect {
    readonly host: string;
    readonly port: number;
    readonly proxyPort: number;
}
/**
 * The restore input that (re)declares the nat delay chain with one REDIRECT
 * per port, plus the PREROUTING jump when `addJump`. PREROUTING sees only
 * traffic arriving from other nodes, so the proxy's own connection to the
 * service (made inside the node) is never redirected back to it.
 */
export declare function delayScript(redirects: readonly Redirect[], addJump: boolean): string;
/** The restore input that removes the delay jump and chain. */
export declare function delayHealScript(): string;
/** The port the delay proxy of `port` listens on: 40000 + port mod 20000. */
export declare function proxyPortFor(port: number): number;
/**
 * The bash that tries one TCP connection and exits 0 (connected), 1
 * (refused or unreachable) or 124 (no answer within `timeoutS`).
 */
export declare function probeScript(host: string, port: number, timeoutS: number): string;
