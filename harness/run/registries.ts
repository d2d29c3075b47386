/** Every registry a user picks from (faults, lock services, storage kinds, workloads), for the CLI's options and `list`. */
export { faultPackages, resolveNemesis, type NemesisPlan } from "../../nemesis/index.js";
export { builtInAdapters, builtInService, DEFAULT_WORKLOAD, findStorageKind, findWorkload, storageKinds, workloads } from "../../workloads/index.js";
