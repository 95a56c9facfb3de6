import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PREFERENCE_KINDS, type NotificationPreferences } from "@clausewise/shared";
import { api } from "./client";

export const notificationPreferencesKey = ["notification-preferences"] as const;

const SWITCHES_OFF = Object.fromEntries(PREFERENCE_KINDS.flatMap((kind) => [[`email${kind}`, false], [`inApp${kind}`, false]]));

/** Spec §9: a switch whose value is missing is off; missing choices take digest daily, 24h, 22:00–08:00, Toronto. */
export function withDefaults(answer: Partial<NotificationPreferences>): NotificationPreferences {
  return {
    ...SWITCHES_OFF,
    quietHours: false,
    digestFrequency: "daily",
    reminderTiming: "24h",
    quietStart: "22:00",
    quietEnd: "08:00",
    timezone: "America/Toronto",
    ...answer,
  } as NotificationPreferences;
}

/** GET /api/notification-preferences: the signed-in user's own preferences (defaults until saved). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesKey,
    queryFn: async ({ signal }) => withDefaults(await api.get<Partial<NotificationPreferences>>("/api/notification-preferences", { signal })),
  });
}

/** PUT /api/notification-preferences with the full object. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) => api.put<NotificationPreferences>("/api/notification-preferences", prefs),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesKey, saved),
  });
}
