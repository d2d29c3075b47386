import { describe, expect, it } from "vitest";
import { httpTarget, parseAnswer, requestText } from "./http-connection.js";

const bytes = (text: string): Buffer => Buffer.from(text, "utf8");

describe("httpTarget", () => {
  it("splits an http URL with a port, IPv6 in brackets included", () => {
    expect(httpTarget("http://10.0.0.1:7001/read?key=a%20b")).toEqual({ hostPort: "10.0.0.1:7001", host: "10.0.0.1", port: 7001, path: "/read?key=a%20b" });
    expect(httpTarget("http://[::1]:80")).toEqual({ hostPort: "[::1]:80", host: "::1", port: 80, path: "/" });
  });

  it("leaves https, a missing port and user info to node:http", () => {
    expect(httpTarget("https://h:1/x")).toBeUndefined();
    expect(httpTarget("http://h/x")).toBeUndefined();
    expect(httpTarget("http://u@h:1/x")).toBeUndefined();
  });
});

describe("requestText", () => {
  it("writes a JSON body with its length in bytes", () => {
    const target = httpTarget("http://h:1/write") as NonNullable<ReturnType<typeof httpTarget>>;
    expect(requestText("POST", target, '{"v":"é"}')).toBe(
      "POST /write HTTP/1.1\r\nHost: h:1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{\"v\":\"é\"}",
    );
  });
});

describe("parseAnswer", () => {
  const whole = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"v":"é"}';

  it("reads an answer by its Content-Length in bytes, and waits for the rest of a cut one", () => {
    expect(parseAnswer(bytes(whole), false)).toEqual({ status: 200, text: '{"v":"é"}', reusable: true });
    expect(parseAnswer(bytes(whole).subarray(0, 70), false)).toBe("more");
    expect(parseAnswer(bytes(whole).subarray(0, 30), false)).toBe("more");
  });

  it("does not reuse a connection the server closes, or one with bytes past the answer", () => {
    expect(parseAnswer(bytes(whole.replace("Content-Type", "Connection: close\r\nContent-Type")), false)).toMatchObject({ reusable: false });
    expect(parseAnswer(bytes(`${whole}HTTP/1.1`), false)).toMatchObject({ status: 200, reusable: false });
    expect(parseAnswer(bytes(whole.replace("HTTP/1.1", "HTTP/1.0")), false)).toMatchObject({ reusable: false });
  });

  it("joins a chunked answer", () => {
    const chunked = "HTTP/1.1 409 Conflict\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n";
    expect(parseAnswer(bytes(chunked), false)).toEqual({ status: 409, text: '{"a":1}', reusable: true });
    expect(parseAnswer(bytes(chunked.slice(0, -4)), false)).toBe("more");
  });

  it("reads an answer without a length to the connection's end", () => {
    const open = "HTTP/1.1 200 OK\r\n\r\n{}";
    expect(parseAnswer(bytes(open), false)).toBe("more");
    expect(parseAnswer(bytes(open), true)).toEqual({ status: 200, text: "{}", reusable: false });
  });

  it("fails on bytes that are not HTTP and on a connection that ends inside the answer", () => {
    expect(parseAnswer(bytes("SSH-2.0-x\r\n\r\n"), false)).toBeInstanceOf(Error);
    expect(parseAnswer(bytes(whole).subarray(0, 70), true)).toBeInstanceOf(Error);
    expect(parseAnswer(bytes(""), true)).toBeInstanceOf(Error);
  });
});
