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
