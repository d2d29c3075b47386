import { describe, expect, it } from "vitest";
import { messageOf } from "./errors.js";

describe("messageOf", () => {
  it("gives an error's first line", () => {
    expect(messageOf(new Error("Cannot start node \"l1\"\n  at x"))).toBe('Cannot start node "l1"');
  });

  it("names both errors of an `await using` whose disposal threw too, the body's first", async () => {
    const failing = { [Symbol.asyncDispose]: async () => Promise.reject(new Error("Cannot clean 1 host(s)")) };
    const run = async (): Promise<void> => {
      await using _resource = failing;
      throw new Error("Cannot reach the lock service");
    };
    const error = await run().catch((e: unknown) => e);
    expect(messageOf(error)).toBe("Cannot reach the lock service (and then, while stopping: Cannot clean 1 host(s))");
  });
});
