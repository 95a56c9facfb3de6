import { format, formatDistanceToNow } from "date-fns";
import { errorText, isUnauthorizedError } from "../../api/client";
import { toast } from "../../stores/toast";

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "3 hours ago", "in 2 days"; "" for a missing date. */
export function timeAgo(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : "";
}

/** "Nov 22, 2026"; "" for a missing date. */
export function shortDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? format(date, "MMM d, yyyy") : "";
}

/** "Nov 22, 2026, 2:05 PM": for a tooltip next to a relative time. */
export function fullDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? format(date, "MMM d, yyyy, h:mm a") : "";
}

/** The shared texts are "Title - Description" (e.g. EXHIBIT_MESSAGES); a toast shows them in two parts. */
export function splitMessage(message: string): { title: string; description: string } {
  const at = message.indexOf(" - ");
  return at === -1 ? { title: message, description: "" } : { title: message.slice(0, at), description: message.slice(at + 3) };
}

/**
 * A failure toast with the server's words, or `fallback` when it gave none. A 401 is left to the
 * query client, which already says "Unauthorized" and signs in again (one toast at a time, spec §9).
 */
export function toastFailure(title: string, error: unknown, fallback = "Please try again."): void {
  if (isUnauthorizedError(error)) return;
  toast({ title, description: errorText(error, fallback), variant: "destructive" });
}
