/**
 * A cookie that says only "this browser holds a session", readable by the page (the session cookie
 * itself is HttpOnly). It carries no secret and grants nothing: the server never reads it. The web
 * app asks `GET /api/auth/user` only when it is there, so signed-out pages make no request that is
 * bound to fail (no red 401 in the console), and a deep link can go straight to sign-in.
 * Over https it is `__Host-` prefixed like every cookie of ours.
 */
export const SIGNED_IN_HINT_COOKIE = "cw_signed_in";

/** Whether a `document.cookie` string holds the hint, under either name. */
export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((part) => {
    const name = part.split("=")[0]?.trim();
    return name === SIGNED_IN_HINT_COOKIE || name === `__Host-${SIGNED_IN_HINT_COOKIE}`;
  });
}
