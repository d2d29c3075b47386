/**
 * Pure reading of APT's sources: which Debian mirror and release this
 * machine installs from, so the sandbox image comes from the same place.
 */

/** A Debian mirror and release, as debootstrap takes them. */
export interface AptMirror {
  readonly uri: string;
  readonly suite: string;
}

/**
 * The first source of `codename` itself (not -updates or -security) in the
 * given files' text: deb822 `.sources` stanzas (Types/URIs/Suites) and
 * one-line `deb [options] URI suite components` entries. Undefined when
 * none names it. Pure.
 */
export function aptMirror(texts: readonly string[], codename: string): AptMirror | undefined {
  for (const text of texts) {
    for (const source of [...deb822Sources(text), ...oneLineSources(text)]) {
      if (source.suites.includes(codename)) return { uri: source.uri, suite: codename };
    }
  }
  return undefined;
}

interface Source {
  readonly uri: string;
  readonly suites: readonly string[];
}

function deb822Sources(text: string): Source[] {
  const sources: Source[] = [];
  for (const stanza of text.split(/\n\s*\n/)) {
    const field = (name: string): string[] => {
      const line = stanza.split("\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      return line === undefined ? [] : line.slice(name.length + 1).trim().split(/\s+/).filter(Boolean);
    };
    if (!field("Types").includes("deb")) continue;
    const uri = field("URIs")[0];
    if (uri !== undefined) sources.push({ uri, suites: field("Suites") });
  }
  return sources;
}

function oneLineSources(text: string): Source[] {
  const sources: Source[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*/, "").replace(/\[[^\]]*\]/, "").trim();
    const match = /^deb\s+(\S+)\s+(\S+)/.exec(line);
    if (match) sources.push({ uri: match[1] as string, suites: [match[2] as string] });
  }
  return sources;
}
