import { describe, expect, it } from "vitest";
import { firstTarEntry } from "./tar-entry.js";

/** One ustar header block plus content, as the engine's archive API sends it. */
function tarEntry(name: string, type: string, content = Buffer.alloc(0), link = ""): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, "utf8");
  header.write(content.length.toString(8).padStart(11, "0"), 124, "latin1");
  header.write(type, 156, "latin1");
  header.write(link, 157, "utf8");
  const body = Buffer.alloc(Math.ceil(content.length / 512) * 512);
  content.copy(body);
  return Buffer.concat([header, body]);
}

describe("reading the first entry of the engine's tar stream", () => {
  it("gives a file's bytes, cut to what arrived", () => {
    const tar = tarEntry("node", "0", Buffer.from("hello world"));
    expect(firstTarEntry(tar)).toEqual({ type: "file", name: "node", content: Buffer.from("hello world") });
    expect(firstTarEntry(tar.subarray(0, 512 + 5))).toEqual({ type: "file", name: "node", content: Buffer.from("hello") });
  });

  it("gives where a symlink points, a PAX header's long target included", () => {
    expect(firstTarEntry(tarEntry("ld-linux-x86-64.so.2", "2", Buffer.alloc(0), "../lib/x86_64-linux-gnu/ld.so"))).toEqual({
      type: "symlink", name: "ld-linux-x86-64.so.2", target: "../lib/x86_64-linux-gnu/ld.so",
    });
    const record = "30 linkpath=/a/very/long/path\n";
    const pax = Buffer.concat([tarEntry("PaxHeader", "x", Buffer.from(record)), tarEntry("link", "2", Buffer.alloc(0), "short")]);
    expect(firstTarEntry(pax)).toEqual({ type: "symlink", name: "link", target: "/a/very/long/path" });
  });

  it("gives nothing for an empty stream, and 'other' for a directory", () => {
    expect(firstTarEntry(Buffer.alloc(1024))).toBeUndefined();
    expect(firstTarEntry(tarEntry("bin", "5"))).toEqual({ type: "other", name: "bin" });
  });
});
