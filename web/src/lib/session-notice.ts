import { ApiError } from "../api/client";

/*
 * Why the browser is on the sign-in page: a session that timed out says so there, after the spec's
 * 'Unauthorized' toast has sent the browser through /api/login. Kept in sessionStorage (this tab
 * only), so the server's redirect needs to carry nothing.
 */
const KEY = "clausewise:session-expired";

export function isSessionExpiredError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === "session_expired";
}

export function noteSessionExpired(): void {
  try {
    sessionStorage.setItem(KEY, "1");
  } catch {
    // Storage may be off (private mode); the toast has said enough.
  }
}

export function sessionExpiredNoted(): boolean {
  try {
    return sessionStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function clearSessionExpiredNote(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
