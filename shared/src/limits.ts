export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** The undo link mailed to the old address when the sign-in e-mail changes. */
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** zxcvbn's score (0-4) a new password must reach; 3 means "safely unguessable" (about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Failed sign-ins allowed per account, and per IP address, within the window before 429. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const RESEND_VERIFICATION_MIN_INTERVAL_MS = 60 * 1000;

export const NOTIFICATION_POLL_MS = 30_000;
export const NOTIFICATION_BADGE_MAX = 99;
export const NOTIFICATION_PANEL_MAX_READ = 10;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
