export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * What a .docx (or any Office Open XML file) may unpack to, checked before it is opened: by the API
 * for uploads and exhibits, and by the editor's Word import in the browser. Real contracts are a few
 * MB unpacked; their largest part is the document text or one photograph.
 */
export const DOCX_LIMITS = {
  /** A real contract has a few dozen parts; thousands of entries is an attack or not a Word file. */
  maxEntries: 2_000,
  /** One part (the document XML, one image) unpacked. */
  maxEntryUncompressedBytes: 64 * 1024 * 1024,
  /** All parts together, as declared by the central directory; declarations that lie are caught when inflating. */
  maxTotalUncompressedBytes: 100 * 1024 * 1024,
  /** Uncompressed/compressed ratio allowed per entry, once an entry is larger than ratioCheckFromBytes. */
  maxCompressionRatio: 100,
  ratioCheckFromBytes: 1024 * 1024,
} as const;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** The undo link mailed to the old address when the sign-in e-mail changes. */
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** zxcvbn's score (0-4) a new password must reach; 3 means "safely unguessable" (about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Session lifetimes: the defaults of env.ts (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS,
 * SESSION_REMEMBER_IDLE_DAYS, SESSION_REMEMBER_DAYS). A session ends after `idle` without activity
 * or `max` after sign-in, whichever comes first; "Remember me" at sign-in uses the longer pair.
 */
export const SESSION_DEFAULTS = {
  idleMs: 30 * MINUTE,
  maxMs: 12 * HOUR,
  rememberIdleMs: 7 * DAY,
  rememberMaxMs: 30 * DAY,
} as const;
/** A password accepted but the second factor still owed: this long to enter the code. */
export const PENDING_SECOND_FACTOR_TTL_MS = 10 * MINUTE;
/** A session's last activity is written at most this often (not a write per request). */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE;

/**
 * Sign-in throttling (auth/rate-limit.ts): failures counted per account and IP address together,
 * per IP address, and per account from devices that never signed in to it. After `free` failures in
 * the window, the next attempt waits `baseDelayMs` after the latest failure, doubled for every
 * further failure, at most `maxDelayMs`. There is no lockout: the owner on a known device is never
 * held back by someone else's guesses.
 */
export interface AttemptThrottle {
  pair: { free: number; windowMs: number };
  ip: { free: number; windowMs: number };
  account: { free: number; windowMs: number };
  baseDelayMs: number;
  maxDelayMs: number;
  /** A device that signed in to an account within this time is known to it (0: none is). */
  knownDeviceMs: number;
}

export const LOGIN_THROTTLE: AttemptThrottle = {
  pair: { free: 5, windowMs: DAY },
  ip: { free: 30, windowMs: HOUR },
  account: { free: 50, windowMs: DAY },
  baseDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
  knownDeviceMs: 90 * DAY,
};

/**
 * Second-factor codes: whoever guesses them already has the password, so the account's own counter
 * is as tight as the per-address one and no device is exempt.
 */
export const SECOND_FACTOR_THROTTLE: AttemptThrottle = { ...LOGIN_THROTTLE, account: { free: 5, windowMs: DAY }, knownDeviceMs: 0 };

/** Throttles of other unauthenticated or guessable forms: at most `max` per `windowMs`. */
export const THROTTLES = {
  signupPerIp: { max: 20, windowMs: HOUR },
  passwordResetPerIp: { max: 20, windowMs: HOUR },
  passwordResetPerAddress: { max: 5, windowMs: HOUR },
  invitationAcceptPerIp: { max: 20, windowMs: 15 * MINUTE },
  apiKeyFailuresPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** Resending one invitation: each resend mails a new link, so a few an hour. */
  invitationResend: { max: 3, windowMs: HOUR },
  /** Replies on support tickets by one person (each is e-mailed to the other side). */
  supportReplyPerUser: { max: 30, windowMs: HOUR },
} as const;

/** JSON bodies: at most this many bytes unless a route declares more (http/validate.ts). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const RESEND_VERIFICATION_MIN_INTERVAL_MS = 60 * 1000;

export const NOTIFICATION_POLL_MS = 30_000;
export const NOTIFICATION_BADGE_MAX = 99;
export const NOTIFICATION_PANEL_MAX_READ = 10;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
