/** The part of dynamodb-lock-client@0.7's (untyped) API the dynamodb-lock adapter uses. */
declare module "dynamodb-lock-client" {
  interface FailOpenConfig {
    readonly dynamodb: unknown;
    readonly lockTable: string;
    readonly partitionKey: string;
    readonly heartbeatPeriodMs?: number;
    readonly leaseDurationMs: number;
    readonly retryCount?: number;
    readonly trustLocalTime?: boolean;
    readonly owner?: string;
  }
  const DynamoDBLockClient: {
    FailOpen: new (config: FailOpenConfig) => unknown;
  };
  export default DynamoDBLockClient;
}
