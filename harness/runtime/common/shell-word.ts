/**
 * The one quoting function for words sent to a shell (a host's login
 * shell over SSH, `bash -c` inside a node): everything that goes into a
 * command line goes through `shellWord`.
 */

/** Quotes one word for a POSIX shell: plain words stay as they are, anything else in single quotes. Pure. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** An argv as one shell command line. Pure. */
export function shellLine(argv: readonly string[]): string {
  return argv.map(shellWord).join(" ");
}
