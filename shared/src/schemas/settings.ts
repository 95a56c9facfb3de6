import { z } from "zod";
import { COMPANY_SIZES, INDUSTRIES, REMINDER_FREQUENCIES } from "../enums";
import { PASSWORD_MAX_LENGTH } from "../limits";
import { emailSchema, passwordSchema } from "./auth";

/** Spec §5 and §8: the exact texts of the Settings screen. */
export const SETTINGS_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  invalidEmail: "Invalid email address",
  companyNameRequired: "Company name is required",
  industryRequired: "Industry is required",
  companySizeRequired: "Company size is required",
  profileUpdated: "Profile Updated",
  companyUpdated: "Company Settings Updated",
  notificationsUpdated: "Notification Preferences Updated",
  accountDeleted: "Account Deleted",
  updateFailed: "Update Failed",
  deletionFailed: "Deletion Failed",
  lastAdmin:
    "You are the last administrator of your company, so your account cannot be deleted. Make another team member an administrator first, then try again.",
  companyAdminOnly: "Only administrators can change company settings.",
  secondFactorRequired: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  invalidCode: "That code is not valid. Check your authenticator app's clock and try again.",
  passwordUpdated: "Password Updated",
  currentPasswordRequired: "Enter your current password",
  wrongCurrentPassword: "Your current password is not correct.",
  samePassword: "The new password must be different from your current password",
  passwordsDoNotMatch: "The passwords do not match",
} as const;

/** Optional free text: blank means "not set" (stored as null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** An enum field the form shows as a required select; the empty choice gets the spec's message. */
const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { message });

/** The settings record of GET /api/settings (spec §3), with the user's own name and e-mail. */
export const settingsRecord = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  companyName: z.string(),
  industry: z.enum(INDUSTRIES).nullable(),
  companySize: z.enum(COMPANY_SIZES).nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  emailDeadlines: z.boolean(),
  emailAssignments: z.boolean(),
  emailReports: z.boolean(),
  inAppNotifications: z.boolean(),
  reminderFrequency: z.enum(REMINDER_FREQUENCIES),
});
export type SettingsRecord = z.infer<typeof settingsRecord>;

/** PATCH /api/settings/profile */
export const profileUpdateRequest = z.object({
  firstName: z.string({ message: SETTINGS_MESSAGES.firstNameRequired }).trim().min(1, SETTINGS_MESSAGES.firstNameRequired).max(100),
  lastName: z.string({ message: SETTINGS_MESSAGES.lastNameRequired }).trim().min(1, SETTINGS_MESSAGES.lastNameRequired).max(100),
  email: z.string({ message: SETTINGS_MESSAGES.invalidEmail }).pipe(emailSchema),
  phone: optionalText(50),
  jobTitle: optionalText(100),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

/** PATCH /api/settings/company (admins only). */
export const companyUpdateRequest = z.object({
  companyName: z.string({ message: SETTINGS_MESSAGES.companyNameRequired }).trim().min(1, SETTINGS_MESSAGES.companyNameRequired).max(200),
  industry: requiredChoice(INDUSTRIES, SETTINGS_MESSAGES.industryRequired),
  companySize: requiredChoice(COMPANY_SIZES, SETTINGS_MESSAGES.companySizeRequired),
  address: optionalText(500),
  website: optionalText(300),
});
export type CompanyUpdateRequest = z.input<typeof companyUpdateRequest>;

const flag = (name: string) => z.boolean({ message: `${name} must be true or false` });

/** PATCH /api/settings/notifications: the legacy form. */
export const notificationSettingsRequest = z.object({
  emailDeadlines: flag("emailDeadlines"),
  emailAssignments: flag("emailAssignments"),
  emailReports: flag("emailReports"),
  inAppNotifications: flag("inAppNotifications"),
  reminderFrequency: z.enum(REMINDER_FREQUENCIES, { message: `reminderFrequency must be one of ${REMINDER_FREQUENCIES.join(", ")}` }),
});
export type NotificationSettingsRequest = z.infer<typeof notificationSettingsRequest>;

/** Spec §9: what the legacy notification form shows before anything was saved. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettingsRequest = {
  emailDeadlines: true,
  emailAssignments: true,
  emailReports: false,
  inAppNotifications: true,
  reminderFrequency: "daily",
};

/** Spec §9: the plan the Billing tab shows when nothing is loaded. */
export const DEFAULT_SETTINGS_PLAN = { planName: "Starter Plan", amount: 99 } as const;

// ── Security: two-factor sign-in, sessions, API keys ────────────────────────────────────────────

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx); spaces and dashes are ignored. */
export const secondFactorCode = z
  .string({ message: SETTINGS_MESSAGES.secondFactorRequired })
  .trim()
  .min(6, SETTINGS_MESSAGES.secondFactorRequired)
  .max(32, SETTINGS_MESSAGES.secondFactorRequired);

export const secondFactorRequest = z.object({ code: secondFactorCode });
export type SecondFactorRequest = z.infer<typeof secondFactorRequest>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesRemaining: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** POST /api/settings/security/two-factor/setup: the secret to scan or type into an authenticator app. */
export const twoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeSvg: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** Recovery codes are shown once, right after they are made. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const sessionSummary = z.object({
  id: z.string(),
  current: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const createApiKeyRequest = z.object({
  name: z.string({ message: "Key name is required" }).trim().min(1, "Key name is required").max(100, "Key name must be at most 100 characters"),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

/** The full key appears in this answer only; the server keeps its hash. */
export const createdApiKey = z.object({ apiKey: apiKeySummary, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** POST /api/settings/password: the current password proves it is the owner; the new one follows sign-up's rule. */
export const changePasswordRequest = z
  .object({
    currentPassword: z
      .string({ message: SETTINGS_MESSAGES.currentPasswordRequired })
      .min(1, SETTINGS_MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, SETTINGS_MESSAGES.wrongCurrentPassword),
    newPassword: z.string({ message: "Enter a new password" }).pipe(passwordSchema),
  })
  .refine((body) => body.newPassword !== body.currentPassword, { path: ["newPassword"], message: SETTINGS_MESSAGES.samePassword });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The Change Password form: the request plus a confirmation typed twice, checked in the browser only. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, SETTINGS_MESSAGES.currentPasswordRequired),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ["confirmPassword"], message: SETTINGS_MESSAGES.passwordsDoNotMatch })
  .refine((form) => form.newPassword !== form.currentPassword, { path: ["newPassword"], message: SETTINGS_MESSAGES.samePassword });
