import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../limits";
import { ROLES } from "../enums";

export const emailSchema = z.string().trim().toLowerCase().max(254).email("Invalid email address");
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * The answer to a new password zxcvbn guesses too easily, with its warning when it has one
 * ("This is a heavily used password."). The length rule above stays the schema's.
 */
export function weakPasswordMessage(warning: string | null | undefined): string {
  const reason = warning?.trim().replace(/\.$/, "");
  if (!reason) return "This password is too easy to guess. Add more words or characters.";
  const lowered = /^[A-Z][a-z]/.test(reason) ? reason[0]!.toLowerCase() + reason.slice(1) : reason;
  return `This password is too easy to guess: ${lowered}. Add more words or characters.`;
}

export const signupRequest = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
  companyName: z.string().trim().min(1, "Company name is required").max(200),
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const loginRequest = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX_LENGTH),
  /** "Remember me": the longer idle timeout and lifetime of env.ts apply to this session. */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const verifyEmailRequest = z.object({ token: z.string().trim().min(1, "No verification token provided").max(200) });

/** "Forgot password?": the address to send a reset link to. */
export const passwordResetRequest = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** The reset page: the link's token and the new password. */
export const passwordResetConfirmRequest = z.object({
  token: z.string().trim().min(1, "No reset token provided").max(200),
  newPassword: passwordSchema,
});
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequest>;

/** A reset link works once, for an hour. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export const PASSWORD_RESET_MESSAGES = {
  // The same answer whether or not the address has an account.
  sent: "If an account exists for that address, we have sent it a link to reset the password. Check your inbox and spam folder.",
  invalid: "This password reset link has already been used or is invalid.",
  expired: "This password reset link has expired. Please request a new one.",
  done: "Your password has been reset. Sign in with your new password.",
} as const;

/** The current user, as `GET /api/auth/user` returns it. */
export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(ROLES),
  companyId: z.string(),
  companyName: z.string(),
  emailVerified: z.boolean(),
  isPlatformAdmin: z.boolean(),
  abilities: z.record(z.string(), z.boolean()),
});
export type CurrentUser = z.infer<typeof currentUser>;

/**
 * POST /api/auth/login: the user, or, when two-factor sign-in is on, only that the code is owed
 * (nothing about the account until the second factor is given; then POST /api/auth/second-factor
 * answers with the user).
 */
export const loginResponse = z.union([z.object({ user: currentUser }), z.object({ secondFactorRequired: z.literal(true) })]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const SESSION_MESSAGES = {
  /** The 401 of a session that timed out (idle or absolute lifetime); spec §8 looks for "Unauthorized". */
  expired: "Unauthorized: your session has expired. Please sign in again.",
  /** What the sign-in page says after such a 401 sent the browser there. */
  expiredNotice: "Your session has expired. Please sign in again.",
} as const;

export const verificationStatus = z.object({ emailVerified: z.boolean(), email: z.string() });
export type VerificationStatus = z.infer<typeof verificationStatus>;

export const resendResult = z.object({ success: z.boolean(), error: z.string().optional() });
export const verifyResult = z.object({
  success: z.boolean(),
  user: z.object({ id: z.string(), email: z.string(), firstName: z.string().nullable() }).optional(),
  error: z.string().optional(),
});
export type VerifyResult = z.infer<typeof verifyResult>;

/** What the sign-in page needs to know before anyone signs in. */
export const authConfig = z.object({
  demoMode: z.boolean(),
  demoUsers: z.array(z.object({ email: z.string(), role: z.enum(ROLES) })),
  demoPassword: z.string().optional(),
  sso: z.boolean(),
  /** How long "Remember me" keeps a session at most, in days (env.ts SESSION_REMEMBER_DAYS). */
  rememberDays: z.number(),
});
export type AuthConfig = z.infer<typeof authConfig>;

/**
 * Why a single sign-on attempt came back to the sign-in page (`/login?sso_error=<code>`): the
 * server puts only the code in the URL, so nobody can make the page show text of their choosing.
 */
export const SSO_ERRORS = {
  provider_unavailable: "The single sign-on provider could not be reached. Please try again, or sign in with your e-mail and password.",
  sign_in_failed: "Single sign-on did not complete. Please try again.",
  email_missing: "Your single sign-on provider did not share your e-mail address.",
  email_not_verified: "Your single sign-on provider has not verified your e-mail address.",
  no_account: "No ClauseWise account uses this e-mail address. Ask your company administrator for an invitation.",
  account_suspended: "Your account or your company's account is suspended. Please contact your company administrator.",
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;
export const isSsoErrorCode = (value: string | null | undefined): value is SsoErrorCode =>
  typeof value === "string" && Object.prototype.hasOwnProperty.call(SSO_ERRORS, value);
