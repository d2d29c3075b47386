/**
 * Hosts reached as a user who is not root: everything the runtime runs
 * there goes through `sudo -n` (ssh-connection.ts), which fails rather than
 * ask for a password. Checked up front, per host, so that a sudo that wants
 * a password is one line naming the host and the user, not a fault that
 * fails mid-run.
 */
import type { Clock } from "../../../core/index.js";
import { runRemote } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** What the check prints when sudo made it root. */
const ROOT_LINE = "fencecheck-sudo uid 0";

/** The problem line for what `sudo -n` answered on `host`, or undefined when it ran as root. Pure. */
export function sudoProblem(host: string, user: string, answer: { readonly stdout: string; readonly stderr: string; readonly exitCode: number | undefined }): string | undefined {
  if (answer.stdout.split("\n").includes(ROOT_LINE)) return undefined;
  const why = answer.stderr.trim().split("\n").at(-1) ?? "";
  if (/password is required|a terminal is required|askpass/i.test(why)) {
    return `host "${host}": sudo asks user "${user}" for a password (sudo -n: "${why}"): allow it without one (NOPASSWD in sudoers) or log in as root`;
  }
  if (answer.exitCode === 127 && /sudo/.test(why)) return `host "${host}": sudo is not installed, and user "${user}" is not root (apt-get install sudo, or log in as root)`;
  if (/setsid/.test(why)) return `host "${host}": "setsid" is missing (apt-get install util-linux)`;
  return `host "${host}": sudo -n does not make user "${user}" root (${why || `exit code ${answer.exitCode ?? "none"}`})`;
}

/** Runs `id -u` through the host's sudo; resolves with the problem line, or undefined when sudo works without a password. */
export async function checkSudo(host: SshHost, clock: Clock): Promise<string | undefined> {
  const answer = await runRemote(host, `echo "fencecheck-sudo uid $(id -u)"`, { clock, timeoutMs: 15_000 });
  return sudoProblem(host.target.host, host.target.user, answer);
}
