/**
 * Who is in the document, from Yjs awareness. Each client publishes `user: { id, name, color }`
 * (CollaborationCaret sets it); one person with two tabs is one person in the list.
 */

/** Caret colours: distinct hues, each dark enough for white label text (WCAG AA on the label). */
export const PRESENCE_COLORS = [
  "#b91c1c",
  "#c2410c",
  "#a16207",
  "#15803d",
  "#0f766e",
  "#0369a1",
  "#1d4ed8",
  "#6d28d9",
  "#a21caf",
  "#be185d",
  "#4d7c0f",
  "#475569",
] as const;

/** The same colour for a user in every session and on every screen (FNV-1a over the id). */
export function colorForUser(userId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return PRESENCE_COLORS[(hash >>> 0) % PRESENCE_COLORS.length] ?? PRESENCE_COLORS[0];
}

export interface PresenceUser {
  id: string;
  name: string;
  color: string;
  /** This browser tab (or another tab of the same person) is one of theirs. */
  isSelf: boolean;
}

interface AwarenessUserState {
  user?: { id?: unknown; name?: unknown; color?: unknown };
}

/** One entry per person (by user id, else per client), the current user first, then by name. */
export function presenceFromStates(states: ReadonlyMap<number, unknown>, selfClientId: number, selfUserId: string): PresenceUser[] {
  const people = new Map<string, PresenceUser>();
  for (const [clientId, state] of states) {
    const user = (state as AwarenessUserState | null)?.user;
    if (!user || typeof user.name !== "string" || user.name.trim() === "") continue;
    const id = typeof user.id === "string" && user.id ? user.id : `client-${clientId}`;
    const isSelf = clientId === selfClientId || id === selfUserId;
    if (people.has(id) && !isSelf) continue;
    const color = typeof user.color === "string" && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : colorForUser(id);
    people.set(id, { id, name: user.name.trim().slice(0, 80), color, isSelf });
  }
  return [...people.values()].sort((a, b) => Number(b.isSelf) - Number(a.isSelf) || a.name.localeCompare(b.name));
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ""}${words.at(-1)?.[0] ?? ""}` : (words[0]?.slice(0, 2) ?? "");
  return letters.toUpperCase() || "?";
}
