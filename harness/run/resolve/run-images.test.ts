import { describe, expect, it } from "vitest";
import { runImages } from "./run-images.js";

const images = (adapter: string, kind = "fenced") => runImages({ lock: { adapter, nodes: 1 }, storage: { kind, nodes: 1 } });

describe("the images a run's nodes run in on docker", () => {
  it("run a lock service's nodes in its record's image, and an adapter module's in node's", () => {
    expect(images("etcd")).toEqual({ lock: "etcd", storage: "node" });
    expect(images("zookeeper").lock).toBe("zookeeper");
    expect(images("postgres").lock).toBe("postgres");
    expect(images("redlock").lock).toBe("redis");
    expect(images("reference").lock).toBe("node");
    expect(images("/home/me/my-lock.mjs").lock).toBe("node");
    expect(images("toString").lock).toBe("node");
  });

  it("run the npm lock libraries' services in the images of the services they use", () => {
    expect(images("etcd-lock").lock).toBe("etcd");
    for (const name of ["redis-semaphore", "warlock"]) expect(images(name).lock).toBe("redis");
    expect(images("dynamodb-lock").lock).toBe("node");
    expect(images("proper-lockfile").lock).toBe("node");
  });

  it("run every redis-token variant in the redis image", () => {
    for (const name of ["redis-token", "redis-token-everysec", "redis-token-volatile"]) expect(images(name).lock).toBe("redis");
  });

  it("run the storage nodes of a postgres storage kind in the postgres image", () => {
    expect(images("etcd", "postgres-fenced").storage).toBe("postgres");
    expect(images("etcd", "postgres-unfenced").storage).toBe("postgres");
    expect(images("etcd", "s3").storage).toBe("node");
  });
});
