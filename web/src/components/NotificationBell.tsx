import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Bell } from "lucide-react";
import { useNotifications, useUnreadCount } from "../api/notifications";
import { useFollowUnreadCount, useNotificationStore } from "../stores/notifications";
import { unreadBadgeText } from "../lib/user";
import { NotificationPanel } from "./notifications/NotificationPanel";

/**
 * The bell with its unread badge ('99+' above 99), opening the notification panel. A Radix menu
 * gives the panel its keyboard model (arrows between items, Enter to open one, Escape to close and
 * focus back on the bell) and keeps it on screen near the edges.
 */
export function NotificationBell() {
  // The count is polled here (spec §7) and read from the notification store, which follows the
  // server's answers and counts pushed notifications at once (stores/notifications.ts).
  useUnreadCount(true);
  useFollowUnreadCount();
  // Polled with the count even while the panel is closed (spec §7), so it opens on current data.
  const notifications = useNotifications(true);
  const count = useNotificationStore((s) => s.unreadCount) ?? 0;
  const badge = unreadBadgeText(count);

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={badge ? `Notifications (${count} unread)` : "Notifications"}
        className="relative inline-flex size-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-100"
      >
        <Bell aria-hidden="true" className="size-4.5" />
        {badge && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-1.5 left-[1.375rem] flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        {/* Spec §9: the panel is h-96 (24rem) tall, less only where the window is shorter. */}
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 flex h-96 max-h-(--radix-dropdown-menu-content-available-height) w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg animate-fade-in"
        >
          <NotificationPanel notifications={notifications} unreadCount={count} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
