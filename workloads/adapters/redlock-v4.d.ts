/** The part of redlock@4's (untyped) API the redlock adapter uses. */
declare module "redlock" {
  interface RedlockLock {
    readonly resource: string;
    readonly value: string;
    readonly expiration: number;
  }
  interface RedlockOptions {
    readonly driftFactor?: number;
    readonly retryCount?: number;
    readonly retryDelay?: number;
    readonly retryJitter?: number;
  }
  class Redlock {
    constructor(clients: readonly unknown[], options?: RedlockOptions);
    lock(resource: string, ttl: number): Promise<RedlockLock>;
    unlock(lock: RedlockLock): Promise<void>;
    on(event: "clientError", listener: (error: unknown) => void): this;
  }
  export default Redlock;
}
