import { COLLAB_CLOSE, COLLAB_LIMITS } from "@clausewise/shared";

/** What the editor does after the server ended the live connection for good (4400-4499). */
export type CloseAction =
  /** Start a fresh session: the refused edit is dropped, the document is the server's. */
  | "reload"
  /** Stay closed: the user cannot work on this document now. */
  | "stop"
  /** The session ended: signing in again is the way back. */
  | "signIn";

export interface CloseReason {
  code: number;
  title: string;
  message: string;
  action: CloseAction;
}

const { accessRevoked, suggestionOnly, foreignSuggestion, notFound, unauthorized, forbidden, tooManyClients, messageTooBig, malformed, locked, documentTooLarge, invalidContent } = COLLAB_CLOSE;
const MAX_DOCUMENT_MB = Math.round(COLLAB_LIMITS.maxDocumentChars / (1024 * 1024));

const REASONS: Record<number, Omit<CloseReason, "code">> = {
  [accessRevoked.code]: {
    title: "Access removed",
    message: "Your access to this contract was removed, so the live document was closed. Ask an administrator if you still need it.",
    action: "stop",
  },
  [suggestionOnly.code]: {
    title: "Only suggestions are allowed",
    message: "As a reviewer you can suggest changes but not edit the text directly. Your last change was not kept; the editor reloaded the current document.",
    action: "reload",
  },
  [foreignSuggestion.code]: {
    title: "Change not kept",
    message: "Your last change would have put your text into someone else's suggestion, where rejecting the suggestion would delete it. It was not kept; the editor reloaded the current document.",
    action: "reload",
  },
  [notFound.code]: {
    title: "Document not available",
    message: "This contract's document could not be found. It may have been deleted, or you may no longer have access to it.",
    action: "stop",
  },
  [unauthorized.code]: {
    title: "Signed out",
    message: "Your session has ended. Sign in again to keep working on this document.",
    action: "signIn",
  },
  [forbidden.code]: {
    title: "Not allowed",
    message: "You are not allowed to open this live document.",
    action: "stop",
  },
  [tooManyClients.code]: {
    title: "Too many people in this document",
    message: "This document has reached the limit of people editing it at once. Try again in a moment.",
    action: "stop",
  },
  [messageTooBig.code]: {
    title: "Change too large",
    message: "Your last change was too large to send (for example a very large image or pasted document) and was not kept. The editor reloaded the current document.",
    action: "reload",
  },
  [locked.code]: {
    title: "Contract locked",
    message: "This contract was approved or submitted for approval, so its text is now read-only. An edit made at that moment was not kept; the editor reloaded the current document.",
    action: "reload",
  },
  [documentTooLarge.code]: {
    title: "Document too large",
    message: `This change would make the document larger than ${MAX_DOCUMENT_MB} MB of text, so it was not kept. The editor reloaded the current document.`,
    action: "reload",
  },
  [invalidContent.code]: {
    title: "Change not allowed",
    message: "Your last change held content the editor cannot keep (for example something pasted from another program), so it was not kept. The editor reloaded the current document.",
    action: "reload",
  },
  [malformed.code]: {
    title: "Connection reset",
    message: "The server could not read a change from this editor. Your last change may not have been kept; the editor reloaded the current document.",
    action: "reload",
  },
};

/** The explanation for a final close code; unknown 44xx codes reload (the stock client stops reconnecting on them). */
export function closeReason(code: number): CloseReason {
  const known = REASONS[code];
  if (known) return { code, ...known };
  return { code, title: "Disconnected", message: "The live connection was closed by the server. The editor reloaded the current document.", action: "reload" };
}
