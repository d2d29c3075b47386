/**
 * docs/reference/lock-services.md, faults.md, storage.md and workloads.md:
 * tables of the registries `fencecheck list` reads (built-in adapters,
 * fault packages, storage kinds, workloads), so they cannot say more or
 * less than the code knows.
 */
import { faultPackages } from "../../nemesis/index.js";
import { builtInAdapters, storageKinds, workloads } from "../../workloads/index.js";
import { generatedNote, table } from "./markdown.js";

function page(title: string, source: string, intro: string, body: string): string {
  return `# ${title}\n\n${generatedNote(source)}\n\n${intro}\n\n${body}\n`;
}

/** The built-in lock services (`--lock <name>`). */
export function lockServicesPage(): string {
  const rows = builtInAdapters().map((a) => [
    `\`${a.name}\``,
    a.info.summary,
    a.info.token ?? "none",
    a.info.lease ? `ends: ${a.info.lease.ends}; timed from: ${a.info.lease.timedFrom}` : "not declared",
    a.info.limits ?? "",
    a.info.durability ?? "",
  ]);
  return page(
    "Lock services",
    "the built-in adapters' self-descriptions (their records, workloads/adapters/built-in/<name>.ts)",
    "The built-in lock adapters, for `fencecheck run --lock <name>`. A path to your own adapter module (`--lock ./adapter.mjs`) works as well. " +
      "*Fencing token* is what the service grants as a token (none: writes go to storage without one). " +
      "*Lease* is the adapter's lease declaration: what ends a lease besides release and its TTL, and where the TTL is timed from; " +
      "the real-time checker needs `ends: ttl`.",
    table(["adapter", "what it is", "fencing token", "lease", "limits", "durability"], rows),
  );
}

/** The fault packages (`--nemesis a,b`). */
export function faultsPage(): string {
  const rows = faultPackages().map((p) => [`\`${p.name}\``, p.kind, p.needs.join(", "), p.needsLeader ? "needs" : p.prefersLeader ? "prefers" : "–", p.description]);
  return page(
    "Faults",
    "the fault packages' registry (nemesis/registry.ts)",
    "The fault packages, for `fencecheck run --nemesis <name>,<name>` (comma-separated; `none` for none). " +
      "*Needs* is what the runtime must be able to do for it (a run refuses at once when it cannot). " +
      "*Leader*: whether it aims at the lock service's leader (an adapter without `leader` is refused when it needs one). " +
      "Per-fault options go in `--fault-opt <fault>.<option>=<value>`.",
    table(["fault", "kind", "needs", "leader", "what it does"], rows),
  );
}

/** The storage kinds (`--storage <kind>`). */
export function storagePage(): string {
  const rows = storageKinds().map((k) => [`\`${k.name}\``, k.summary, k.needsToken ? "yes" : "no", `${k.backend.kind} (${k.backend.mode})`, k.limits]);
  return page(
    "Storage",
    "the storage kinds' registry (workloads/services/storage-kinds.ts)",
    "The storage kinds, for `fencecheck run --storage <kind>`: where clients write under their lease. " +
      "*Needs a token*: a write without a fencing token is always refused (useless with a token-less lock service).",
    table(["storage", "what it is", "needs a token", "backend (mode)", "limits"], rows),
  );
}

/** The workloads (`--workload <name>`). */
export function workloadsPage(): string {
  const rows = workloads().map((w) => [`\`${w.name}\``, w.description]);
  return page(
    "Workloads",
    "the workloads' registry (workloads/registry.ts)",
    "The workloads, for `fencecheck run --workload <name>`: what clients do and how their history is checked.",
    table(["workload", "what clients do"], rows),
  );
}
