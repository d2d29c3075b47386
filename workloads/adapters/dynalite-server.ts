/**
 * How to run dynalite (a DynamoDB API server from npm, on LevelDB) as a
 * lock node, and reach it with the AWS SDK v2's DocumentClient as
 * dynamodb-lock-client's README does. Its store is a LevelDB in the node's
 * data dir, so a restart after a kill reads what it wrote (LevelDB writes
 * without fsync: a power loss may take back the last writes). Ready once
 * the lock table exists and is ACTIVE: the README says the table is
 * created apart from the library, so the harness creates it here.
 */
import { createRequire } from "node:module";
import "./aws-sdk-quiet.js";
import DynamoDB from "aws-sdk/clients/dynamodb.js";

export { DynamoDB };
import type { LockServiceLaunch, LockServiceNode } from "./lock-adapter.js";
import { withDeadline } from "./adapter-helpers.js";

/** The lock table and its partition key (the README's CloudFormation example). */
export const LOCK_TABLE = { name: "fencecheck-locks", partitionKey: "id" } as const;

/** The SDK's settings for one dynalite endpoint: fixed credentials (dynalite checks none), one attempt per call, short timeouts. */
export function dynamoOptions(endpoint: string): DynamoDB.ClientConfiguration {
  return {
    region: "us-east-1", endpoint: `http://${endpoint}`, maxRetries: 0,
    credentials: { accessKeyId: "fencecheck", secretAccessKey: "fencecheck" },
    httpOptions: { connectTimeout: 1000, timeout: 2000 },
  };
}

/** Creates the lock table unless it exists; true once it is ACTIVE. */
async function lockTableReady(endpoint: string): Promise<boolean> {
  const dynamo = new DynamoDB(dynamoOptions(endpoint));
  try {
    const found = await dynamo.describeTable({ TableName: LOCK_TABLE.name }).promise();
    return found.Table?.TableStatus === "ACTIVE";
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ResourceNotFoundException") return false;
  }
  await dynamo.createTable({
    TableName: LOCK_TABLE.name, BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: LOCK_TABLE.partitionKey, AttributeType: "S" }],
    KeySchema: [{ AttributeName: LOCK_TABLE.partitionKey, KeyType: "HASH" }],
  }).promise().catch(() => undefined);
  return false;
}

/** One dynalite node on its LevelDB store in the node's data dir. */
export function dynaliteLaunch(node: LockServiceNode): LockServiceLaunch {
  const cli = createRequire(import.meta.url).resolve("dynalite/cli.js");
  return {
    argv: [process.execPath, cli, "--host", node.host, "--port", String(node.port), "--path", node.dataDir, "--createTableMs", "0"],
    async ready() {
      return withDeadline(lockTableReady(`${node.host}:${node.port}`), 3000, "create the lock table").catch(() => false);
    },
  };
}
