/**
 * NODE_EXTRA_CA_CERTS makes every Node process read and parse its file of
 * certificates as it starts, before any of its code runs: with Debian's
 * bundle (some 140 certificates) tens of milliseconds of CPU per process,
 * and a run starts eight or more (services, the preflight probe, one agent
 * per client) at once. Our services, and agents and probes driving a
 * built-in adapter, make no TLS connection, so they start with it set
 * empty, which Node reads as unset. A user's adapter (and the service it
 * starts) keeps the harness's environment: it may reach a service over TLS
 * signed by the user's own authority.
 */

/** The variable to add to the environment of a process that makes no TLS connection: none when the harness has no such file. */
export function withoutUnusedCaCerts(env: Readonly<Record<string, string | undefined>> = process.env): Readonly<Record<string, string>> {
  return env["NODE_EXTRA_CA_CERTS"] ? { NODE_EXTRA_CA_CERTS: "" } : {};
}
