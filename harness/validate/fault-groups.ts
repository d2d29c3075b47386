/**
 * The validate page's column groups: the faults, by what they break, so
 * that the matrix reads as a few blocks (crashes, power loss, network,
 * pauses, clocks) rather than one row of fourteen names. Pure: the group
 * is read from the fault's name as `fencecheck list` gives it.
 */

/** A group of columns and the faults in it, in the order given. */
export interface FaultGroup {
  readonly name: string;
  readonly faults: readonly string[];
}

const GROUPS: readonly { readonly name: string; readonly matches: RegExp }[] = [
  { name: "crashes", matches: /^kill-/ },
  { name: "power loss", matches: /^lose-unfsynced-/ },
  { name: "network", matches: /^(partition-|loss$|delay$)/ },
  { name: "pauses", matches: /^pause\b/ },
  { name: "clocks", matches: /^clock-/ },
  { name: "no fault", matches: /^none$/ },
];

/** The group a fault belongs to ("other" for a name no group knows). */
export function faultGroup(fault: string): string {
  return GROUPS.find((g) => g.matches.test(fault))?.name ?? "other";
}

/** `faults` in groups, groups in a fixed order and faults in their given order within each; empty groups are left out. */
export function groupFaults(faults: readonly string[]): FaultGroup[] {
  const names = [...GROUPS.map((g) => g.name), "other"];
  return names.map((name) => ({ name, faults: faults.filter((f) => faultGroup(f) === name) })).filter((g) => g.faults.length > 0);
}
