/** For tests: this machine standing in for an SSH host. */
import { spawn } from "node:child_process";
import { Readable } from "node:stream";
import type { Channel, SshHost } from "../ssh-connection.js";

/**
 * This machine as a host: each channel is `setsid sh -c command`, as sshd
 * makes each session's shell a session and process-group leader. Closing
 * the channel only closes its pipes, as with sshd. `rewrite` changes a
 * command before it runs (a tool failing on the host).
 */
export function localHost(rewrite: (command: string) => string = (c) => c): SshHost {
  return {
    target: { host: "local", port: 22, user: "root", keyFile: undefined, knownHostsFile: "", acceptNew: false },
    acceptedNewKey: false,
    open(command) {
      const child = spawn("setsid", ["sh", "-c", rewrite(command)], { stdio: "pipe" });
      // The channel reads as the command's stdout, as an ssh2 channel does (a plain Readable: its `end` is ours).
      const stdout = new Readable({ read: () => undefined });
      child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk)).on("end", () => stdout.push(null));
      const channel = Object.assign(stdout, {
        stderr: child.stderr,
        end: (input?: string | Buffer) => child.stdin.end(input),
        // Piped into, as an ssh2 channel is (a stream sent to the command's stdin).
        write: (chunk: string | Buffer, ...rest: unknown[]) => child.stdin.write(chunk, ...(rest as [])),
        close: () => {
          stdout.destroy();
          child.stdout.destroy();
          child.stderr.destroy();
        },
        done: new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal }))),
      });
      child.stdin.on("error", () => undefined);
      return Promise.resolve(channel as unknown as Channel);
    },
    close: () => undefined,
  };
}

