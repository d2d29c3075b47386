/**
 * The folders the harness keeps on each ssh host, all checked with the one
 * folder check (common/owned-folder.ts) before use: the state root
 * /var/lib/fencecheck (0700; it survives a reboot, which the restore script
 * of an existing service must), the runs' folder in it, each run's folder,
 * and the deployments' folder /opt/fencecheck (0755: programs that drop to
 * another user load libraries from it). A folder another user made first is
 * refused with one line naming it, and nothing of the run is written there.
 */
import { checkRunId, HarnessError, type Clock } from "../../../core/index.js";
import { OWNED_FOLDER_SH, ROOT_STATE_DIR } from "../common/owned-folder.js";
import { shellWord } from "../common/shell-word.js";
import { runRemote } from "./remote-command.js";
import type { SshHost } from "./ssh-connection.js";

/** The folder of every run on a host. */
export const RUNS_ROOT = `${ROOT_STATE_DIR}/runs`;

/** Where deployments live on every host. */
export const DEPLOY_ROOT = "/opt/fencecheck";

/** A run's folder on a host; throws "config.invalid" unless `runId` has the harness's form. Pure. */
export function runFolder(runId: string): string {
  return `${RUNS_ROOT}/${checkRunId(runId)}`;
}

/**
 * A shell command (POSIX sh) that defines `owned_folder` and checks (making
 * them when missing) the state root, the runs' folder and, with `runId`,
 * the run's folder; it fails with the refusal line on stderr. Pure.
 */
export function checkRunFoldersCommand(runId?: string): string {
  const folders = [ROOT_STATE_DIR, RUNS_ROOT, ...(runId === undefined ? [] : [runFolder(runId)])];
  return `${OWNED_FOLDER_SH}\n${folders.map((f) => `owned_folder ${shellWord(f)}`).join(" && ")}`;
}

/** The shell command that checks the deployments' folder (made 0755 when missing). Pure. */
export function checkDeployRootCommand(): string {
  return `${OWNED_FOLDER_SH}\nowned_folder ${shellWord(DEPLOY_ROOT)} 755`;
}

/**
 * The refusal a folder check printed on `host` (the stderr of a command
 * that ran one) as a "config.invalid" error naming the folder and the host,
 * or undefined when the command failed for another reason. Pure.
 */
export function hostFolderRefusal(stderr: string, host: string): HarnessError | undefined {
  const line = stderr.split("\n").find((l) => l.startsWith("Cannot use the folder \""));
  if (line === undefined) return undefined;
  return new HarnessError("config.invalid", line.replace(/^(Cannot use the folder "(?:[^"\\]|\\.)*")/, `$1 on host "${host}"`));
}

/**
 * Makes the run's folder (with `store` and `clock` in it) on every host,
 * once the state folders of every host passed the check, so a refused
 * host leaves no run folder on the others. Throws the refusal
 * ("config.invalid", naming the folder and the host), or
 * "runtime.node-start-failed" when a folder cannot be made.
 */
export async function makeRunFolders(hosts: readonly SshHost[], runId: string, clock: Clock): Promise<void> {
  const dir = runFolder(runId);
  await checkStateFolders(hosts, clock);
  await onEach(hosts, `${checkRunFoldersCommand(runId)} && mkdir -p ${shellWord(`${dir}/store`)} ${shellWord(`${dir}/clock`)}`, clock, `create "${dir}"`);
}

/**
 * Checks (making them when missing) the state root and the runs' folder of
 * every host: the refusal ("config.invalid") names the folder and the host.
 * Called before the bundle is deployed, and again before a run's folder is made.
 */
export async function checkStateFolders(hosts: readonly SshHost[], clock: Clock): Promise<void> {
  await onEach(hosts, checkRunFoldersCommand(), clock, `create "${RUNS_ROOT}"`);
}

async function onEach(hosts: readonly SshHost[], command: string, clock: Clock, what: string): Promise<void> {
  await Promise.all(hosts.map(async (host) => {
    const made = await runRemote(host, command, { clock });
    if (made.exitCode === 0) return;
    const why = made.stderr.trim() || (made.signal ? `no answer (${made.signal})` : `exit code ${made.exitCode}`);
    throw hostFolderRefusal(made.stderr, host.target.host) ?? new HarnessError("runtime.node-start-failed", `Cannot ${what} on host "${host.target.host}": ${why}`);
  }));
}
