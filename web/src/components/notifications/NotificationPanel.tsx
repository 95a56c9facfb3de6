import { Link, useNavigate } from "react-router-dom";
import * as Menu from "@radix-ui/react-dropdown-menu";
import clsx from "clsx";
import type { UseQueryResult } from "@tanstack/react-query";
import { BellOff, CheckCheck, RefreshCw, Settings } from "lucide-react";
import type { Notification } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { useMarkAllNotificationsRead, useMarkNotificationRead } from "../../api/notifications";
import { absoluteTime, relativeTime } from "../../lib/relative-time";
import { toast } from "../../stores/toast";
import { Skeleton } from "../ui/spinner";
import { notificationPath, panelItems } from "./notification-items";
import { notificationType } from "./notification-types";

const itemBase =
  "flex cursor-pointer rounded-md outline-none select-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-default data-[disabled]:opacity-50";

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (event: Event) => void }) {
  const { label, Icon, tone } = notificationType(notification.type);
  const unread = !notification.read;
  return (
    <Menu.Item
      textValue={notification.title}
      onSelect={onOpen}
      data-unread={unread || undefined}
      className={clsx(itemBase, "relative gap-3 px-3 py-2.5", unread && "bg-brand-50/70")}
    >
      <span className={clsx("mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full", tone)}>
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className={clsx("text-sm text-slate-900", unread ? "font-semibold" : "font-medium")}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {notification.title}
        </p>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{notification.message}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500">
          <span>{label}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={notification.createdAt} title={absoluteTime(notification.createdAt)}>
            {relativeTime(notification.createdAt)}
          </time>
        </p>
      </div>
      {unread ? <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" /> : null}
    </Menu.Item>
  );
}

function LoadingRows() {
  return (
    <div role="status" aria-label="Loading notifications" className="space-y-1 p-1">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3 px-3 py-2.5">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-2/3" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Spec §2 "Notification panel", the inside of the bell's menu: unread first in weight, not in order
 * (the API's newest-first order stands). Clicking an item marks it read and follows its link; an item
 * without a link stays in view so its change to read shows.
 */
export function NotificationPanel({ notifications, unreadCount }: { notifications: UseQueryResult<Notification[]>; unreadCount: number }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead({
    onError: (error) => {
      // A lost session has its own toast and sign-in redirect (query-client.ts).
      if (isUnauthorizedError(error)) return;
      toast({ title: "Error", description: errorText(error, "Failed to mark notification as read"), variant: "destructive" });
    },
  });
  const markAll = useMarkAllNotificationsRead({
    onSuccess: () => toast({ title: "All notifications marked as read", description: "Your notification list has been cleared." }),
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Error", description: "Failed to mark all notifications as read", variant: "destructive" });
    },
  });
  const items = panelItems(notifications.data ?? []);
  const hasUnread = unreadCount > 0 || items.some((n) => !n.read);

  const open = (notification: Notification, event: Event) => {
    if (!notification.read) markRead.mutate(notification.id);
    const path = notificationPath(notification.actionUrl);
    if (path) void navigate(path);
    else event.preventDefault();
  };

  const markAllRead = (event: Event) => {
    event.preventDefault();
    markAll.mutate();
  };

  return (
    <>
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <Menu.Label className="text-sm font-semibold text-slate-900">
          Notifications
          {unreadCount > 0 ? <span className="ml-2 font-normal text-slate-500">{unreadCount} unread</span> : null}
        </Menu.Label>
        <Menu.Item
          disabled={!hasUnread || markAll.isPending}
          onSelect={markAllRead}
          className={clsx(itemBase, "items-center gap-1.5 px-2 py-1 text-xs font-medium text-brand-700")}
        >
          <CheckCheck aria-hidden="true" className="size-3.5" />
          Mark all as read
        </Menu.Item>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto p-1">
        {notifications.isPending ? (
          <LoadingRows />
        ) : notifications.isError && items.length === 0 ? (
          <div className="px-4 py-8 text-center">
            <p className="text-sm font-medium text-slate-900">Notifications could not be loaded.</p>
            <p className="mt-1 text-xs text-slate-500">{errorText(notifications.error, "Please try again.")}</p>
            <Menu.Item
              onSelect={(event) => {
                event.preventDefault();
                void notifications.refetch();
              }}
              className={clsx(itemBase, "mx-auto mt-3 w-fit items-center gap-1.5 px-3 py-1.5 text-sm font-medium text-brand-700")}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              Try again
            </Menu.Item>
          </div>
        ) : items.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center px-6 py-8 text-center">
            <BellOff aria-hidden="true" className="size-8 text-slate-500" />
            <p className="mt-3 text-sm font-medium text-slate-900">No notifications</p>
            <p className="mt-1 text-xs text-slate-500">
              Assignments, markups and approvals that need you will appear here.
            </p>
          </div>
        ) : (
          items.map((n) => <NotificationItem key={n.id} notification={n} onOpen={(event) => open(n, event)} />)
        )}
      </div>

      <div className="border-t border-slate-200 p-1">
        <Menu.Item asChild className={clsx(itemBase, "items-center gap-2 px-3 py-2 text-sm text-slate-700")}>
          <Link to="/notification-preferences">
            <Settings aria-hidden="true" className="size-4 text-slate-500" />
            Notification preferences
          </Link>
        </Menu.Item>
      </div>
    </>
  );
}
