/**
 * Connection-level failures of PostgreSQL: the server cannot be reached, went away, or refuses
 * connections for now. These are outages (503, try again), not bugs (500); see on-error.ts.
 */
const DRIVER_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** SQLSTATE class 08 (connection exception), admin/crash shutdown, cannot connect now, too many connections. */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/**
 * The connection-level code behind `error` (drizzle wraps driver errors in `cause`), or null when
 * it is not a connection failure. Network codes count only from a socket to one of `ports` (or with
 * no port, as a reset of an open connection carries none), so a failed call to another service is
 * not taken for the database.
 */
export function databaseUnavailableCode(error: unknown, ports: readonly number[]): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const { code, port } = current as { code?: unknown; port?: unknown };
    if (typeof code === "string") {
      if (DRIVER_CODES.has(code) || SQLSTATE.test(code)) return code;
      if (NETWORK_CODES.has(code) && (port === undefined || ports.includes(Number(port)))) return code;
    }
    current = current.cause;
  }
  return null;
}
