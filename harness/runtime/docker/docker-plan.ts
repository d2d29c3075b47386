/**
 * Pure builders for a docker run: names, labels, the run network's subnet
 * and fixed addresses, and the create options of networks and containers.
 */
import type Docker from "dockerode";
import { HarnessError } from "../../../core/index.js";
import type { NodeId, NodeRole } from "../../../core/index.js";

/** Every container and network of a run carries this label, valued with the run id. */
export const RUN_LABEL = "fencecheck.run";
/** The node id a container plays. */
export const NODE_LABEL = "fencecheck.node";
/** The id of the controller (control machine) that started the run: see controller-id.ts. */
export const CONTROLLER_LABEL = "fencecheck.controller";

/** Where each container sees its clock file (the host's clock directory, read-only). */
export const CLOCK_MOUNT = "/fencecheck/clock";

const FIRST_HOST = 10;
const MAX_NODES = 200;
const SUBNET_CHOICES = 20 * 256;

/** One planned container. */
export interface PlannedContainer {
  readonly id: NodeId;
  readonly role: NodeRole;
  readonly name: string;
  readonly host: string;
}

/** The network and containers of a run. */
export interface DockerPlan {
  readonly runId: string;
  /** The controller that starts the run (its objects' CONTROLLER_LABEL); none for objects made outside a run's start. */
  readonly controllerId?: string;
  readonly network: string;
  readonly subnet: string;
  readonly gateway: string;
  readonly containers: readonly PlannedContainer[];
}

/** Host paths bind-mounted at the same path in every container (or in one node's). */
export interface PlanMounts {
  readonly readOnly: readonly string[];
  readonly readWrite: readonly string[];
  /** Node id → its own folder, mounted read-write in that node's containers only (StartOptions.nodeDirs). */
  readonly nodeDirs?: Readonly<Record<string, string>>;
  /** The run's clock directory on the host, mounted at CLOCK_MOUNT. */
  readonly clockDir: string;
}

/** `fc-<runId>`: the run's network name (and container name prefix). */
export function runObjectPrefix(runId: string): string {
  if (!/^[a-z0-9][a-z0-9_.-]*$/i.test(runId)) {
    throw new HarnessError("config.invalid", `Cannot use run id "${runId}": it must be letters, digits, "_", "." or "-"`);
  }
  return `fc-${runId}`;
}

/**
 * Plans a run: a /24 in 10.210.0.0-10.229.255.0 chosen from the run id and
 * `attempt` (the next attempt after a subnet clash gives another one),
 * gateway .1, and node i at .(10+i). Pure.
 */
export function dockerPlan(runId: string, nodes: readonly { id: NodeId; role: NodeRole }[], attempt = 0, controllerId?: string): DockerPlan {
  const prefix = runObjectPrefix(runId);
  if (nodes.length > MAX_NODES) throw new HarnessError("config.invalid", `Cannot plan run "${runId}": a run holds at most ${MAX_NODES} nodes`);
  const slot = (fnv1a(`${runId}/${attempt}`) + attempt) % SUBNET_CHOICES;
  const net = `10.${210 + Math.floor(slot / 256)}.${slot % 256}`;
  const seen = new Set<string>();
  const containers = nodes.map((node, index): PlannedContainer => {
    if (seen.has(node.id)) throw new HarnessError("config.invalid", `Cannot start node "${node.id}": the id is used twice`);
    seen.add(node.id);
    return { id: node.id, role: node.role, name: `${prefix}-${node.id}`, host: `${net}.${FIRST_HOST + index}` };
  });
  return { runId, ...(controllerId === undefined ? {} : { controllerId }), network: prefix, subnet: `${net}.0/24`, gateway: `${net}.1`, containers };
}

/** The labels of every object of the run: its id, its controller's when known, and the node's for a container. Pure. */
export function runLabels(runId: string, controllerId?: string, node?: NodeId): Record<string, string> {
  return { [RUN_LABEL]: runId, ...(controllerId === undefined ? {} : { [CONTROLLER_LABEL]: controllerId }), ...(node === undefined ? {} : { [NODE_LABEL]: node }) };
}

/** The label filter that lists a run's objects, or every run's when `runId` is absent. */
export function runLabelFilter(runId?: string): string {
  return JSON.stringify({ label: [runId === undefined ? RUN_LABEL : `${RUN_LABEL}=${runId}`] });
}

/** Create options of the run's bridge network, with its explicit subnet. */
export function networkCreateOptions(plan: DockerPlan): Docker.NetworkCreateOptions {
  return {
    Name: plan.network,
    Driver: "bridge",
    CheckDuplicate: true,
    IPAM: { Driver: "default", Config: [{ Subnet: plan.subnet, Gateway: plan.gateway }] },
    Labels: runLabels(plan.runId, plan.controllerId),
  };
}

/** The read-write binds of `node`'s containers: the mounts every node shares, and its own folder. Pure. */
export function writableBinds(mounts: PlanMounts, node: NodeId): string[] {
  const own = mounts.nodeDirs?.[node];
  return [...mounts.readWrite, ...(own === undefined ? [] : [own])].map((path) => `${path}:${path}:rw`);
}

/**
 * Create options of one node's container: the image's idle main process
 * (the harness starts programs with exec), a fixed address on the run's
 * network, the bind mounts at the same paths (of the store, the node's own
 * folder only), no added capabilities and never privileged.
 */
export function containerCreateOptions(plan: DockerPlan, node: PlannedContainer, image: string, mounts: PlanMounts): Docker.ContainerCreateOptions {
  const binds = [
    ...mounts.readOnly.map((path) => `${path}:${path}:ro`),
    ...writableBinds(mounts, node.id),
    `${mounts.clockDir}:${CLOCK_MOUNT}:ro`,
  ];
  return {
    name: node.name,
    Image: image,
    Cmd: ["/bin/busybox", "sleep", "2147483647"],
    Hostname: node.id,
    Labels: runLabels(plan.runId, plan.controllerId, node.id),
    HostConfig: {
      Binds: binds,
      NetworkMode: plan.network,
      Privileged: false,
      Init: false,
      AutoRemove: false,
    },
    NetworkingConfig: { EndpointsConfig: { [plan.network]: { IPAMConfig: { IPv4Address: node.host } } } },
  };
}

/** 32-bit FNV-1a of a string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
