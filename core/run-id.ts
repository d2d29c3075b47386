/**
 * The run id: a short name the harness makes for each run, carried into
 * namespace names, Docker labels, host folders and process marks. A run id
 * given by a user (`fencecheck clean --run-id`) reaches paths, patterns and
 * commands, so it is accepted only in the exact form `runIdFor` makes.
 */
import { HarnessError } from "./errors.js";

/** The exact form of a run id: 8 characters of base 36 (6 of time, 2 of pid). */
export const RUN_ID_FORM = /^[0-9a-z]{8}$/;

/** A short id naming the run's namespaces: time and pid in base 36. Pure. */
export function runIdFor(wallMs: number, pid: number): string {
  return wallMs.toString(36).slice(-6).padStart(6, "0") + (pid % 1296).toString(36).padStart(2, "0");
}

/**
 * Returns `text` when it has the exact form of a run id; throws
 * "config.invalid" (exit 254) otherwise, so nothing reaches a path, a
 * pattern or a command with `..`, `/`, a quote or an empty id.
 */
export function checkRunId(text: string): string {
  if (!RUN_ID_FORM.test(text)) {
    throw new HarnessError("config.invalid", `Cannot use run id ${JSON.stringify(text)}: a run id is 8 lowercase letters or digits, as "starting ... (run <id>)" printed it`);
  }
  return text;
}

/**
 * The form of a run's name (`--name`, or the one made from lock, storage
 * and faults): one folder name of the store, so never `.`, `..`, a path
 * separator, a quote, a shell character or a control character.
 */
export const RUN_NAME_FORM = /^[A-Za-z0-9_][A-Za-z0-9_ .+=@,:%-]{0,199}$/;

/**
 * Returns `name` when it has the form of a run's name; throws
 * "config.invalid" (exit 254) otherwise, so a run folder is always one
 * level below the store (`--name ../../x` made it two levels above).
 */
export function checkRunName(name: string): string {
  if (!RUN_NAME_FORM.test(name)) {
    throw new HarnessError("config.invalid", `Cannot use run name ${JSON.stringify(name)}: a name is 1 to 200 letters, digits, spaces and "_.+=@,:%-", starting with a letter, a digit or "_" (give another with --name)`);
  }
  return name;
}
