import { useEffect } from "react";
import { create } from "zustand";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { notificationNewPayload } from "@clausewise/shared";
import { unreadCountKey } from "../api/keys";

export interface LatestNotification {
  id: string;
  title: string;
  type: string;
  receivedAt: number;
}

interface NotificationState {
  /** Unread notifications as the client knows them now: the server's last count, plus pushes since. */
  unreadCount: number | null;
  /** The newest notification pushed to this tab. */
  latest: LatestNotification | null;
  setUnreadCount: (count: number | null) => void;
  /** A `notification:new` push: one more unread at once, before the count is fetched again. */
  received: (payload: unknown, now?: number) => void;
}

export const useNotificationStore = create<NotificationState>()((set) => ({
  unreadCount: null,
  latest: null,
  setUnreadCount: (count) => set({ unreadCount: count }),
  received: (payload, now = Date.now()) => {
    const parsed = notificationNewPayload.safeParse(payload);
    if (!parsed.success) return;
    set((s) => ({ unreadCount: (s.unreadCount ?? 0) + 1, latest: { ...parsed.data, receivedAt: now } }));
  },
}));

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * The server's count stays in TanStack Query (polled every 30 s, set optimistically by mark-read);
 * every change to that query's data is copied here, so the store follows the server whenever it answers.
 */
export function followUnreadCount(queryClient: QueryClient): () => void {
  const copy = () => {
    const data = queryClient.getQueryData<number>(unreadCountKey);
    if (typeof data === "number") useNotificationStore.getState().setUnreadCount(data);
  };
  copy();
  return queryClient.getQueryCache().subscribe((event) => {
    if (!sameKey(event.query.queryKey, unreadCountKey)) return;
    // New data only (a fetch, or setQueryData's optimistic change): marking it stale after a push
    // must not take back the push's +1 before the server has answered.
    if (event.type === "updated" && event.action.type === "success") copy();
    // Signed out (the cache is cleared): nobody's count is known until the next answer.
    else if (event.type === "removed") useNotificationStore.getState().setUnreadCount(null);
  });
}

/** Keeps the store following the unread-count query of this app's QueryClient while mounted. */
export function useFollowUnreadCount(): void {
  const queryClient = useQueryClient();
  useEffect(() => followUnreadCount(queryClient), [queryClient]);
}
