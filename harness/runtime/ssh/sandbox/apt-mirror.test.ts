import { describe, expect, it } from "vitest";
import { aptMirror } from "./apt-mirror.js";

const DEB822 = `Types: deb
URIs: http://mirror.example/debian
Suites: bookworm bookworm-updates
Components: main

Types: deb
URIs: http://mirror.example/debian-security
Suites: bookworm-security
Components: main
`;

describe("aptMirror", () => {
  it("reads the release's own mirror from a deb822 sources file", () => {
    expect(aptMirror([DEB822], "bookworm")).toEqual({ uri: "http://mirror.example/debian", suite: "bookworm" });
  });

  it("reads a one-line sources.list entry, options and comments aside", () => {
    const list = "# deb http://old.example/debian buster main\ndeb [arch=amd64] http://mirror.example/debian bookworm main\n";
    expect(aptMirror([list], "bookworm")).toEqual({ uri: "http://mirror.example/debian", suite: "bookworm" });
  });

  it("skips deb-src stanzas and finds nothing for another release", () => {
    expect(aptMirror([DEB822.replace(/Types: deb\n/g, "Types: deb-src\n")], "bookworm")).toBeUndefined();
    expect(aptMirror([DEB822], "trixie")).toBeUndefined();
  });
});
