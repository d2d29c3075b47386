import { describe, expect, it } from "vitest";
import { lddLibraries } from "./ldd-libraries.js";

const NODE_LDD = `	linux-vdso.so.1 (0x00007fb0b1742000)
	libdl.so.2 => /lib/x86_64-linux-gnu/libdl.so.2 (0x00007fb0b172b000)
	libstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6 (0x00007fb0b1400000)
	libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007fb0b121e000)
	/lib64/ld-linux-x86-64.so.2 (0x00007fb0b1744000)
`;

describe("lddLibraries", () => {
  it("lists resolved libraries and the loader, skipping the vDSO", () => {
    expect(lddLibraries(NODE_LDD)).toEqual({
      libraries: [
        "/lib/x86_64-linux-gnu/libdl.so.2",
        "/lib/x86_64-linux-gnu/libstdc++.so.6",
        "/lib/x86_64-linux-gnu/libc.so.6",
        "/lib64/ld-linux-x86-64.so.2",
      ],
      missing: [],
    });
  });

  it("returns nothing for a static binary", () => {
    expect(lddLibraries("\tnot a dynamic executable\n")).toEqual({ libraries: [], missing: [] });
    expect(lddLibraries("\tstatically linked\n")).toEqual({ libraries: [], missing: [] });
  });

  it("reports sonames that are not found", () => {
    const out = "\tlibjli.so => not found\n\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f00)\n";
    expect(lddLibraries(out)).toEqual({ libraries: ["/lib/x86_64-linux-gnu/libc.so.6"], missing: ["libjli.so"] });
  });

  it("lists a library needed twice only once", () => {
    const out = "\tlibc.so.6 => /lib/libc.so.6 (0x1)\n\tlibc.so.6 => /lib/libc.so.6 (0x1)\n";
    expect(lddLibraries(out).libraries).toEqual(["/lib/libc.so.6"]);
  });
});
