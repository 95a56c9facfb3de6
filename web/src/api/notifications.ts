import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { NOTIFICATION_POLL_MS, type Notification } from "@clausewise/shared";
import { api, isNotFoundError } from "./client";
import { unreadCountKey } from "./keys";

/** Every notification query starts with this, so one invalidation refreshes the list and the count. */
export const notificationsKey = ["notifications"] as const;
export const notificationListKey = [...notificationsKey, "list"] as const;

/** Unread notifications, polled every 30 s (spec §7). A 404 means the route is not deployed yet: 0. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: async () => {
      try {
        const { count } = await api.get<{ count: number }>("/api/notifications/unread-count");
        return count;
      } catch (error) {
        if (isNotFoundError(error)) return 0;
        throw error;
      }
    },
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

/** All unread and the newest read notifications, newest first, polled every 30 s (spec §2, §7). */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationListKey,
    queryFn: ({ signal }) => api.get<Notification[]>("/api/notifications", { signal }),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

interface Snapshot {
  list: Notification[] | undefined;
  count: number | undefined;
}

/**
 * Shows a read change at once (the badge and the row), remembering what was there so a failure can
 * put it back. Polls that are under way are cancelled so they cannot overwrite the change with an
 * answer from before it.
 */
async function applyOptimistic(
  queryClient: QueryClient,
  update: (list: Notification[] | undefined, count: number | undefined) => Snapshot,
): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: notificationsKey });
  const before: Snapshot = {
    list: queryClient.getQueryData<Notification[]>(notificationListKey),
    count: queryClient.getQueryData<number>(unreadCountKey),
  };
  const after = update(before.list, before.count);
  queryClient.setQueryData(notificationListKey, after.list);
  queryClient.setQueryData(unreadCountKey, after.count);
  return before;
}

function restore(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  if (!snapshot) return;
  queryClient.setQueryData(notificationListKey, snapshot.list);
  queryClient.setQueryData(unreadCountKey, snapshot.count);
}

/**
 * Callbacks given here belong to the mutation itself, so they still run when the panel that started
 * it has closed (clicking a notification navigates away at once), unlike those passed to mutate().
 */
export interface MarkReadCallbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

export function useMarkNotificationRead({ onError }: MarkReadCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onMutate: (id) =>
      applyOptimistic(queryClient, (list, count) => {
        const wasUnread = list?.some((n) => n.id === id && !n.read) ?? false;
        return {
          list: list?.map((n) => (n.id === id ? { ...n, read: true } : n)),
          count: count !== undefined && wasUnread ? Math.max(0, count - 1) : count,
        };
      }),
    onError: (error, _id, snapshot) => {
      restore(queryClient, snapshot);
      onError?.(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useMarkAllNotificationsRead({ onSuccess, onError }: MarkReadCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ updated: number }>("/api/notifications/mark-all-read"),
    onMutate: () =>
      applyOptimistic(queryClient, (list, count) => ({
        list: list?.map((n) => (n.read ? n : { ...n, read: true })),
        count: count === undefined ? undefined : 0,
      })),
    onSuccess: () => onSuccess?.(),
    onError: (error, _vars, snapshot) => {
      restore(queryClient, snapshot);
      onError?.(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
