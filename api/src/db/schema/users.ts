import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { createdAt, id, tstz, updatedAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    /** Stored lower-case; unique across the platform. */
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    role: text("role").notNull().default("reviewer"),
    isActive: boolean("is_active").notNull().default(true),
    emailVerifiedAt: tstz("email_verified_at"),
    totpSecret: text("totp_secret"),
    totpEnabledAt: tstz("totp_enabled_at"),
    /** sha256 hashes of unused recovery codes. */
    totpRecoveryCodes: jsonb("totp_recovery_codes").$type<string[]>(),
    oidcSubject: text("oidc_subject"),
    /** A new sign-in address waiting for its confirmation link; `email` changes only when it is followed. */
    pendingEmail: text("pending_email"),
    lastLoginAt: tstz("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), index("users_company_idx").on(t.companyId)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie value: a leaked table does not leak usable sessions. */
    id: text("id").primaryKey(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** Set while a password was accepted but the second factor is still owed. */
    pendingSecondFactor: boolean("pending_second_factor").notNull().default(false),
    /** "Remember me" at sign-in: the longer idle timeout and lifetime apply (env.ts). */
    remember: boolean("remember").notNull().default(false),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const emailTokens = pgTable(
  "email_tokens",
  {
    id: id(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address a token is about: the new one (confirm an e-mail change) or the old one (undo it). */
    email: text("email"),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_tokens_hash_key").on(t.tokenHash), index("email_tokens_user_idx").on(t.userId, t.purpose)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: id(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    success: boolean("success").notNull(),
    /** sha256 of the browser's device cookie on a successful sign-in: that device is known to the account. */
    device: text("device"),
    createdAt: createdAt(),
  },
  (t) => [index("login_attempts_email_idx").on(t.email, t.createdAt), index("login_attempts_ip_idx").on(t.ip, t.createdAt)],
);

/** One request counted against a throttle (sign-ups per IP, reset requests per address, …): auth/throttle.ts. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: id(),
    /** Which throttle, e.g. "signup:ip". */
    bucket: text("bucket").notNull(),
    /** Who is counted: an IP address, an e-mail address, a session. */
    subject: text("subject").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_hits_bucket_idx").on(t.bucket, t.subject, t.createdAt)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: tstz("expires_at").notNull(),
    acceptedAt: tstz("accepted_at"),
    revokedAt: tstz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("invitations_hash_key").on(t.tokenHash), index("invitations_company_idx").on(t.companyId)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    companyId: uuid("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The first characters of the key, shown in lists so users can tell keys apart. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    /** What the key may do (API_KEY_SCOPES); keys made before scopes existed are read-only. */
    scope: text("scope").notNull().default("read"),
    lastUsedAt: tstz("last_used_at"),
    revokedAt: tstz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.keyHash), index("api_keys_user_idx").on(t.userId)],
);

export const userSettings = pgTable("user_settings", {
  userId: uuid("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone"),
  jobTitle: text("job_title"),
  updatedAt: updatedAt(),
});
