import { z } from "zod";

/** socket.io event names pushed by the server; payloads carry ids and small summaries. */
export const PUSH_EVENTS = {
  notificationNew: "notification:new",
  markupNew: "markup:new",
  changeNew: "change:new",
  changeUpdated: "change:updated",
  contractUpdated: "contract:updated",
  analysisReady: "analysis:ready",
  exhibitUpdated: "exhibit:updated",
  /** Pages of a scanned PDF read by OCR so far, to the uploader only. */
  uploadProgress: "upload:progress",
} as const;

export const notificationNewPayload = z.object({ id: z.string(), title: z.string(), type: z.string() });
export const contractScopedPayload = z.object({ contractId: z.string(), id: z.string().optional() });
export const uploadProgressPayload = z.object({ uploadId: z.string(), done: z.number().int().nonnegative(), pages: z.number().int().positive() });
export type UploadProgress = z.infer<typeof uploadProgressPayload>;

/**
 * Who has a contract open (issue 17): sent to the contract's room whenever someone joins or leaves
 * it, one entry per person however many tabs they have. Not a bus event: realtime makes it itself.
 */
export const PRESENCE_EVENT = "presence:contract";
export const contractPresencePayload = z.object({
  contractId: z.string(),
  viewers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ContractPresence = z.infer<typeof contractPresencePayload>;

export const pushPayloads = {
  [PUSH_EVENTS.notificationNew]: notificationNewPayload,
  [PUSH_EVENTS.markupNew]: contractScopedPayload,
  [PUSH_EVENTS.changeNew]: contractScopedPayload,
  [PUSH_EVENTS.changeUpdated]: contractScopedPayload,
  [PUSH_EVENTS.contractUpdated]: contractScopedPayload,
  [PUSH_EVENTS.analysisReady]: contractScopedPayload,
  [PUSH_EVENTS.exhibitUpdated]: contractScopedPayload,
  [PUSH_EVENTS.uploadProgress]: uploadProgressPayload,
} as const;

export const COLLAB_PATH = "/collab";
export const SOCKET_PATH = "/socket.io";
export const COLLAB_FRAGMENT = "default";

/**
 * WebSocket close codes of the collaboration server (4000-4999 are application codes). The stock
 * y-websocket 3 client treats 4400-4499 as final (it stops reconnecting and emits `closed`: the
 * page shows why and reloads) and every other code as transient (it reconnects and resyncs, sending
 * again whatever the server had not stored).
 */
export const COLLAB_CLOSE = {
  malformed: { code: 4400, reason: "Malformed message" },
  unauthorized: { code: 4401, reason: "Unauthorized" },
  forbidden: { code: 4403, reason: "Forbidden" },
  /** A missing contract, another company's contract and a malformed id close alike. */
  notFound: { code: 4404, reason: "Not found" },
  accessRevoked: { code: 4410, reason: "Access revoked" },
  messageTooBig: { code: 4413, reason: "Message too big" },
  /** The edit would make the document larger than COLLAB_LIMITS.maxDocumentChars; it was not kept. */
  documentTooLarge: { code: 4414, reason: "Document too large" },
  /** The edit holds content the editor schema cannot hold (an unknown element or mark); it was not kept. */
  invalidContent: { code: 4415, reason: "Content not allowed" },
  /** A reviewer's edit changed the accepted text: reviewers may only suggest (reload to drop it). */
  suggestionOnly: { code: 4422, reason: "Only suggestions allowed" },
  /** The edit put text into someone else's suggestion, or signed a suggestion with another name (issue 14). */
  foreignSuggestion: { code: 4424, reason: "Not your suggestion" },
  /** The contract is approved or pending approval: its text is read-only (reload shows it so). */
  locked: { code: 4423, reason: "Document locked" },
  tooManyClients: { code: 4429, reason: "Too many clients" },
  /** Transient: the update could not be stored; the client reconnects and sends it again. */
  storageFailed: { code: 4500, reason: "Could not save, reconnecting" },
  /** Transient: more messages than the per-connection rate allows. */
  rateLimited: { code: 4529, reason: "Too many messages" },
  /** Transient: the user may now edit (the contract was reopened); the client reconnects and resends what it has. */
  accessChanged: { code: 4001, reason: "Access changed, reconnecting" },
  /** Transient (RFC 6455 "Service Restart"): the instance is shutting down after storing everything. */
  serverRestart: { code: 1012, reason: "Server restarting" },
} as const;

export type CollabCloseName = keyof typeof COLLAB_CLOSE;

/** Limits of one live-document connection and document (DESIGN.md §4). */
export const COLLAB_LIMITS = {
  /** Largest WebSocket message accepted (a pasted document with images stays well below). */
  maxMessageBytes: 2 * 1024 * 1024,
  maxClientsPerDocument: 100,
  /** Token bucket per connection: sustained messages per second and burst size. */
  messagesPerSecond: 100,
  messageBurst: 300,
  /**
   * Largest live document, in characters of its content (text, and attribute values such as an
   * image's inline data): twice the 5 MB the editor's REST save takes, so no honest contract comes
   * near it, while one editor cannot grow a document without end (issue 14).
   */
  maxDocumentChars: 10 * 1024 * 1024,
} as const;

/**
 * V8 flags every server process starts with: the package.json start scripts, deploy/ and the test,
 * journey and bench launchers pass them to node before scripts/run-server.mjs (a flag of the heap's
 * size cannot be set once the process runs). A young generation of up to 2 × 64 MB instead of
 * 2 × 16 MB: a live-document server allocates short-lived objects for every message (decoded
 * updates, frames, statements), and a larger nursery scavenges half as often and promotes less
 * (DECISIONS.md "A larger young generation"). V8 shrinks it again when the process is idle.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"] as const;

/** How a connection may change the live document, from the contract's abilities. */
export const COLLAB_MODES = ["read-write", "suggest", "read-only"] as const;
export type CollabMode = (typeof COLLAB_MODES)[number];

/**
 * Domain events about live documents on the event bus (API → realtime). `collab:update` carries a
 * Yjs update the API has already stored (a REST edit); the access events make realtime re-check
 * the open connections of that user at once instead of at the next periodic check.
 */
export const COLLAB_EVENTS = {
  update: "collab:update",
  accessRevoked: "access:revoked",
  userDeactivated: "user:deactivated",
  /** Every user of the company: its account was suspended (billing administration). */
  companySuspended: "company:suspended",
  /** The contract was erased: its live connections close as "not found" and nothing of it is stored again. */
  contractDeleted: "contract:deleted",
  /** The contract's text became locked (approved, pending approval) or open again: its connections are re-checked. */
  textLockChanged: "contract:text-lock",
} as const;

export const collabUpdatePayload = z.object({ update: z.string().min(1) /* base64 */ });
export const accessRevokedPayload = z.object({ userId: z.string(), contractId: z.string().optional() });
export const userDeactivatedPayload = z.object({ userId: z.string() });
export const contractDeletedPayload = z.object({ contractId: z.string() });
export const textLockChangedPayload = z.object({ contractId: z.string(), locked: z.boolean() });
