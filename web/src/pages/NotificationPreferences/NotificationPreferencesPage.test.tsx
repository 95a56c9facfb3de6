// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@clausewise/shared";
import { fakeApi } from "../../test/fake-api";
import { makeUser } from "../../test/fixtures";
import { renderApp, resetBetweenPageTests } from "../../test/render-app";
import { useToastStore } from "../../stores/toast";

const wait = { timeout: 5000 };
resetBetweenPageTests();
beforeEach(() => {
  // Radix switches measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function routes(put: { status: number; body?: unknown } | ((r: { body: unknown }) => { status: number; body?: unknown })) {
  return {
    "GET /api/auth/user": { status: 200, body: makeUser() },
    "GET /api/notification-preferences": { status: 200, body: DEFAULT_NOTIFICATION_PREFERENCES },
    "PUT /api/notification-preferences": put,
  };
}

describe("notification preferences page", () => {
  it("shows the saved preferences and sends the full object with the changes, then says so", async () => {
    const { calls } = fakeApi(routes(({ body }) => ({ status: 200, body })));
    renderApp("/notification-preferences");
    const email = await screen.findByRole("region", { name: "Email Notifications" }, wait);
    const inApp = screen.getByRole("region", { name: "In-App Notifications" });
    expect(within(email).getByRole("switch", { name: "New Comments" }).getAttribute("aria-checked")).toBe("false");
    expect(within(inApp).getByRole("switch", { name: "New Comments" }).getAttribute("aria-checked")).toBe("true");

    fireEvent.click(within(email).getByRole("switch", { name: "New Comments" }));
    fireEvent.click(within(inApp).getByRole("switch", { name: "System Updates" }));
    fireEvent.change(screen.getByLabelText("Email Digest Frequency"), { target: { value: "weekly" } });
    fireEvent.change(screen.getByLabelText("Deadline Reminder Timing"), { target: { value: "72h" } });
    // Quiet hours: the times and zone appear once enabled.
    expect(screen.queryByLabelText("Start Time")).toBeNull();
    fireEvent.click(within(screen.getByRole("region", { name: "Quiet Hours" })).getByRole("switch", { name: "Enable" }));
    fireEvent.change(screen.getByLabelText("Start Time"), { target: { value: "21:00" } });
    fireEvent.change(screen.getByLabelText("Timezone"), { target: { value: "America/Edmonton" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Preferences" }));

    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true), wait);
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      emailNewComments: true,
      inAppSystemUpdates: false,
      digestFrequency: "weekly",
      reminderTiming: "72h",
      quietHours: true,
      quietStart: "21:00",
      timezone: "America/Edmonton",
    });
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe("Preferences Updated"), wait);
  });

  it("says the update failed in the spec's words when saving fails", async () => {
    fakeApi(routes({ status: 400, body: { error: "validation_failed", message: "quietStart must be a time of day such as 22:00" } }));
    renderApp("/notification-preferences");
    fireEvent.click(await screen.findByRole("button", { name: "Save Preferences" }, wait));
    await waitFor(() => expect(useToastStore.getState().toasts[0]).toMatchObject({ title: "Update Failed", description: "Failed to update notification preferences. Please try again.", variant: "destructive" }),
      wait,
    );
  });

  it("shows a missing switch as off and missing choices at the spec's defaults", async () => {
    const { emailContractAssigned: _a, inAppNewComments: _b, digestFrequency: _c, timezone: _d, ...partial } = { ...DEFAULT_NOTIFICATION_PREFERENCES, quietHours: true };
    fakeApi({ ...routes({ status: 200 }), "GET /api/notification-preferences": { status: 200, body: partial } });
    renderApp("/notification-preferences");
    const email = await screen.findByRole("region", { name: "Email Notifications" }, wait);
    expect(within(email).getByRole("switch", { name: "Contract Assignments" }).getAttribute("aria-checked")).toBe("false");
    expect(within(screen.getByRole("region", { name: "In-App Notifications" })).getByRole("switch", { name: "New Comments" }).getAttribute("aria-checked")).toBe("false");
    expect((screen.getByLabelText("Email Digest Frequency") as HTMLSelectElement).value).toBe("daily");
    expect((screen.getByLabelText("Timezone") as HTMLSelectElement).value).toBe("America/Toronto");
  });
});
