/**
 * Starting the services a run's nodes run: the lock service and the storage
 * nodes (start-services.ts, start-storage.ts), started together so that one
 * failure ends the other starts (start-together.ts); relays to a service the
 * user runs (external-relays.ts); the files a launch needs on its host
 * (launch-files.ts); when a restarted node answers again
 * (restart-readiness.ts); what moves a lock node's clock (lock-clock-tool.ts);
 * and the environment of processes that make no TLS connection
 * (unused-ca-certs.ts).
 */
export { SERVICE_PORTS, startServices, type ServiceEndpoints, type StartServicesOptions } from "./start-services.js";
export { restartWaitsForReadiness, type ReadinessChecks } from "./restart-readiness.js";
export { withoutUnusedCaCerts } from "./unused-ca-certs.js";
