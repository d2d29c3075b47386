/**
 * The power-loss scenario: a fencing token is only as durable as the
 * counter it is drawn from. A kill cannot show it (the kernel keeps what a
 * killed process wrote); `lose-unfsynced` drops what was not fsynced, as a
 * power loss does.
 */
import type { Scenario } from "./scenario.js";

/**
 * A power loss keeps its single lock node down for over 2 s (the kill, the
 * file system's 1.2 s, the 1 s down), a kill for 2 s: runs long enough for
 * grants on both sides of a fault.
 */
const LONGER = ["--time-limit", "20", "--nemesis-interval", "5"] as const;

/** "a fencing token is only as durable as its counter". */
export const powerLossScenario: Scenario = {
  name: "token-durability",
  claim:
    "A fencing token is only as durable as its counter: a lock service that grants before the counter is on disk hands the same token out again after a power loss, and fenced storage then rejects the legitimate new holder (or accepts two writers with one token). A kill does not show it: the kernel keeps what a killed process wrote; only a lost unsynced write does.",
  variants: [
    {
      label: "counter fsynced before each grant, power loss",
      argv: ["--lock", "reference", "--storage", "fenced", "--nemesis", "lose-unfsynced-lock", ...LONGER],
      expect: "valid",
      why: "the reference service answers a grant only once its journal line is fdatasynced, so a power loss keeps every token it gave",
    },
    {
      label: "counter written but not fsynced, kill",
      argv: ["--lock", "reference-nosync", "--storage", "fenced", "--nemesis", "kill-lock", ...LONGER],
      expect: "valid",
      why: "a killed process's writes stay in the kernel's page cache, so the restarted service reads every grant back",
    },
    {
      label: "counter written but not fsynced, power loss",
      argv: ["--lock", "reference-nosync", "--storage", "fenced", "--nemesis", "lose-unfsynced-lock", ...LONGER],
      expect: "invalid",
      why: "the power loss drops the journal lines never synced, and the restarted service grants the same tokens again",
    },
    {
      label: "counter in memory only (Redis without persistence), kill",
      argv: ["--lock", "redis-token-volatile", "--storage", "fenced", "--nemesis", "kill-lock", ...LONGER],
      expect: "invalid",
      why: "the counter lives in memory: after a restart tokens begin again at 1",
    },
  ],
};
