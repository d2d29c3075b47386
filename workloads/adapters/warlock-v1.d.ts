/** The parts of node-redis-warlock@1 and redis@3 (both untyped, callback style) the warlock adapter uses. */
declare module "node-redis-warlock" {
  type Unlock = (callback?: (error: Error | null, result?: number) => void) => void;
  interface Warlock {
    lock(key: string, ttl: number, callback: (error: Error | null, unlock?: Unlock | false, id?: string) => void): string;
    unlock(key: string, id: string, callback: (error: Error | null, result?: number) => void): Promise<void>;
  }
  function createWarlock(redis: unknown): Warlock;
  export default createWarlock;
}

declare module "redis" {
  interface RedisClientOptions {
    readonly host?: string;
    readonly port?: number;
    readonly connect_timeout?: number;
    readonly enable_offline_queue?: boolean;
    readonly retry_strategy?: () => number | Error | undefined;
  }
  interface RedisClient {
    on(event: "error", listener: (error: Error) => void): this;
    quit(callback?: () => void): boolean;
    end(flush: boolean): void;
  }
  function createClient(options?: RedisClientOptions): RedisClient;
  const redis: { createClient: typeof createClient };
  export default redis;
}
