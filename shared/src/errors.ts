/** The API's error vocabulary: every non-2xx body is `{ error: ErrorCode, message }`. */
export const ERROR_CODES = {
  bad_request: 400,
  validation_failed: 400,
  /** A new password that zxcvbn guesses too easily. */
  weak_password: 400,
  unauthorized: 401,
  /** The session timed out (idle or absolute lifetime): sign in again. */
  session_expired: 401,
  invalid_credentials: 401,
  /** A signed-in person's current password was wrong (400: they are still signed in). */
  invalid_password: 400,
  forbidden: 403,
  csrf_rejected: 403,
  email_not_verified: 403,
  account_suspended: 403,
  ai_disabled: 403,
  /** The company's plan does not include the feature (PLAN_FEATURES): the message says which plan does. */
  plan_upgrade_required: 403,
  /** An API key on a route no key may use (identity, security, billing, team): sign in instead. */
  api_key_not_allowed: 403,
  /** A read-only API key asked to change something. */
  api_key_scope: 403,
  not_found: 404,
  conflict: 409,
  /** The contract is approved or pending approval: its text is read-only until it is reopened for changes. */
  contract_locked: 409,
  email_taken: 409,
  /** One person would clear Legal, Finance and Final alone, and the company does not allow it (issue 17). */
  separation_of_duties: 409,
  token_invalid: 400,
  token_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** Well-formed but beyond what the server will work through (a document too complex to read). */
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  /** Field-level messages for validation errors, keyed by field name. */
  fields?: Record<string, string>;
}
