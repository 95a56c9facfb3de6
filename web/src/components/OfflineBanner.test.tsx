// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useConnectionStore } from "../stores/connection";
import { OfflineBanner } from "./OfflineBanner";

afterEach(() => {
  cleanup();
  useConnectionStore.setState({ browserOnline: true, apiUnreachable: false });
});

describe("OfflineBanner", () => {
  it("says 'You are offline' while the browser is offline or the server cannot be reached, and nothing otherwise", () => {
    useConnectionStore.setState({ browserOnline: true, apiUnreachable: false, socket: "reconnecting" });
    render(<OfflineBanner />);
    // A lost push socket alone is not "offline": polling still works.
    expect(screen.queryByRole("status")).toBeNull();
    act(() => useConnectionStore.getState().setBrowserOnline(false));
    expect(screen.getByRole("status").textContent).toMatch(/^You are offline\./);
    act(() => useConnectionStore.getState().setBrowserOnline(true));
    expect(screen.queryByRole("status")).toBeNull();
    act(() => useConnectionStore.getState().apiFailed());
    expect(screen.getByRole("status").textContent).toMatch(/^You are offline\./);
    act(() => useConnectionStore.getState().apiReached());
    expect(screen.queryByRole("status")).toBeNull();
  });
});
