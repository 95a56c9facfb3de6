// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Notification } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

const wait = { timeout: 5000 };
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const assigned: Notification = {
  id: "n-1",
  type: "contract_assigned",
  title: "Contract assigned",
  message: "You have been assigned to review the Wapiti Ridge EPC Agreement.",
  read: false,
  createdAt: hoursAgo(5),
  actionUrl: "/contracts/c-1",
};
const welcome: Notification = {
  id: "n-2",
  type: "other",
  title: "Welcome to ClauseWise",
  message: "Invite your team from the Team page.",
  read: true,
  createdAt: hoursAgo(24 * 9),
  actionUrl: null,
};
const phishing: Notification = {
  id: "n-3",
  type: "approval_required",
  title: "Approval required",
  message: "Somebody crafted this link.",
  read: false,
  createdAt: hoursAgo(1),
  actionUrl: "https://evil.example/contracts/c-1",
};

/** A small stand-in for the notification routes, holding state like the API does. */
function notificationServer(initial: Notification[]) {
  let list = initial.map((n) => ({ ...n }));
  const unread = () => list.filter((n) => !n.read).length;
  return {
    "GET /api/notifications": () => ({ status: 200, body: list }),
    "GET /api/notifications/unread-count": () => ({ status: 200, body: { count: unread() } }),
    "POST /api/notifications/mark-all-read": () => {
      const updated = unread();
      list = list.map((n) => ({ ...n, read: true }));
      return { status: 200, body: { updated } };
    },
    "POST /api/notifications/n-1/read": () => {
      list = list.map((n) => (n.id === "n-1" ? { ...n, read: true } : n));
      return { status: 200, body: list[0] };
    },
    "POST /api/notifications/n-3/read": () => {
      list = list.map((n) => (n.id === "n-3" ? { ...n, read: true } : n));
      return { status: 200, body: list.find((n) => n.id === "n-3") };
    },
  };
}

function lastToast() {
  const [toast] = useToastStore.getState().toasts;
  return toast ? { title: toast.title, description: toast.description } : undefined;
}

async function openPanel() {
  const bell = await screen.findByRole("button", { name: /^Notifications/ }, wait);
  fireEvent.keyDown(bell, { key: "Enter" });
  return screen.findByRole("menu");
}

function render(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    "GET /api/auth/user": { status: 200, body: makeUser() },
    "GET /api/contracts": { status: 200, body: [] },
    "GET /api/contracts/c-1": { status: 404, body: { error: "not_found", message: "Contract not found." } },
    ...routes,
  });
  return { ...api, ...renderApp("/") };
}

beforeEach(() => {
  window.scrollTo = () => undefined;
  // Radix measures the menu's trigger; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe("notification bell", () => {
  it("shows '99+' above 99 unread and the exact count below", async () => {
    render({ "GET /api/notifications/unread-count": { status: 200, body: { count: 100 } }, "GET /api/notifications": { status: 200, body: [] } });
    expect(await screen.findByRole("button", { name: "Notifications (100 unread)" }, wait)).toBeTruthy();
    expect(screen.getByText("99+")).toBeTruthy();
    cleanup();
    render({ "GET /api/notifications/unread-count": { status: 200, body: { count: 99 } }, "GET /api/notifications": { status: 200, body: [] } });
    expect(await screen.findByRole("button", { name: "Notifications (99 unread)" }, wait)).toBeTruthy();
    expect(screen.getByText("99")).toBeTruthy();
  });

  it("lists notifications with title, message, type and relative time, unread ones marked", async () => {
    render(notificationServer([phishing, assigned, welcome]));
    const panel = await openPanel();
    const items = await within(panel).findAllByRole("menuitem", { name: /Contract assigned|Welcome|Approval required/ });
    expect(items).toHaveLength(3);
    const first = within(panel).getByRole("menuitem", { name: /Contract assigned/ });
    expect(within(first).getByText("You have been assigned to review the Wapiti Ridge EPC Agreement.")).toBeTruthy();
    expect(within(first).getByText("about 5 hours ago")).toBeTruthy();
    expect(within(first).getByText("Unread:")).toBeTruthy();
    expect(first.getAttribute("data-unread")).toBe("true");
    const read = within(panel).getByRole("menuitem", { name: /Welcome to ClauseWise/ });
    expect(within(read).getByText("General")).toBeTruthy();
    expect(within(read).getByText("9 days ago")).toBeTruthy();
    expect(read.getAttribute("data-unread")).toBeNull();
    expect(within(panel).getByText("2 unread")).toBeTruthy();
  });

  it("marks a clicked unread item read and follows its link", async () => {
    const { calls } = render(notificationServer([assigned, welcome]));
    expect(await screen.findByRole("button", { name: "Notifications (1 unread)" }, wait)).toBeTruthy();
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole("menuitem", { name: /Contract assigned/ }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/api/notifications/n-1/read")).toBe(true));
    // The contract page asks for the contract: the link was followed.
    await waitFor(() => expect(calls.some((c) => c.method === "GET" && c.path === "/api/contracts/c-1")).toBe(true), wait);
  });

  it("does not mark a read item again, and ignores links that leave the app", async () => {
    const { calls } = render(notificationServer([phishing, welcome]));
    await screen.findByRole("button", { name: "Notifications (1 unread)" }, wait);
    let panel = await openPanel();
    fireEvent.click(await within(panel).findByRole("menuitem", { name: /Welcome to ClauseWise/ }));
    fireEvent.click(within(panel).getByRole("menuitem", { name: /Approval required/ }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/notifications/n-3/read")).toBe(true));
    expect(calls.some((c) => c.path === "/api/notifications/n-2/read")).toBe(false);
    // No link to follow: the panel stays open and shows the item as read; the badge is gone.
    panel = screen.getByRole("menu");
    await waitFor(() => expect(within(panel).getByRole("menuitem", { name: /Approval required/ }).getAttribute("data-unread")).toBeNull());
    expect(await screen.findByRole("button", { name: "Notifications", hidden: true })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/api/contracts/"))).toBe(false);
  });

  it("marks all as read, says so and clears the badge", async () => {
    const { calls } = render(notificationServer([phishing, assigned, welcome]));
    await screen.findByRole("button", { name: "Notifications (2 unread)" }, wait);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole("menuitem", { name: "Mark all as read" }));
    await waitFor(() =>
      expect(lastToast()).toEqual({ title: "All notifications marked as read", description: "Your notification list has been cleared." }),
    );
    expect(calls.filter((c) => c.path === "/api/notifications/mark-all-read")).toHaveLength(1);
    expect(await screen.findByRole("button", { name: "Notifications", hidden: true })).toBeTruthy();
    expect(screen.queryByTestId("notification-badge")).toBeNull();
    await waitFor(() => expect(within(panel).getByRole("menuitem", { name: "Mark all as read" }).getAttribute("aria-disabled")).toBe("true"));
  });

  it("says when marking fails and puts the unread state back", async () => {
    render({
      ...notificationServer([assigned]),
      "POST /api/notifications/mark-all-read": { status: 500, body: { error: "internal", message: "Something went wrong." } },
      "POST /api/notifications/n-1/read": { status: 404, body: { error: "not_found", message: "Notification not found." } },
    });
    await screen.findByRole("button", { name: "Notifications (1 unread)" }, wait);
    let panel = await openPanel();
    fireEvent.click(await within(panel).findByRole("menuitem", { name: "Mark all as read" }));
    await waitFor(() => expect(lastToast()).toEqual({ title: "Error", description: "Failed to mark all notifications as read" }));
    expect(await screen.findByRole("button", { name: "Notifications (1 unread)", hidden: true })).toBeTruthy();

    panel = screen.getByRole("menu");
    fireEvent.click(within(panel).getByRole("menuitem", { name: /Contract assigned/ }));
    await waitFor(() => expect(lastToast()).toEqual({ title: "Error", description: "Notification not found." }));
  });

  it("has an empty state", async () => {
    render(notificationServer([]));
    const panel = await openPanel();
    expect(await within(panel).findByText("No notifications")).toBeTruthy();
    expect(within(panel).getByRole("menuitem", { name: "Mark all as read" }).getAttribute("aria-disabled")).toBe("true");
  });

  it("polls the list and the count every 30 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = render(notificationServer([assigned]));
      await screen.findByRole("button", { name: "Notifications (1 unread)" }, wait);
      const count = (path: string) => calls.filter((c) => c.path === path).length;
      const before = { list: count("/api/notifications"), unread: count("/api/notifications/unread-count") };
      await vi.advanceTimersByTimeAsync(30_000);
      expect(count("/api/notifications")).toBe(before.list + 1);
      expect(count("/api/notifications/unread-count")).toBe(before.unread + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
