import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UNAUTHORIZED_REDIRECT_MS } from "@clausewise/shared";
import { useToastStore } from "../stores/toast";
import { ApiError } from "./client";
import { currentUserKey } from "./keys";
import { createQueryClient } from "./query-client";

const signedInUser = { id: "u1", email: "a@example.com" };
const unauthorized = () => Promise.reject(new ApiError(401, "unauthorized", "Unauthorized"));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  useToastStore.setState({ toasts: [] });
});

describe("query client", () => {
  it("uses the spec's defaults: no retry, never stale, no refetch on focus", () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
  });

  it("on a 401 while signed in, shows 'Unauthorized' and signs in again after 500 ms", async () => {
    const onSessionEnded = vi.fn();
    const client = createQueryClient({ onSessionEnded });
    client.setQueryData(currentUserKey, signedInUser);

    await client.fetchQuery({ queryKey: ["contracts"], queryFn: unauthorized }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ["other"], queryFn: unauthorized }).catch(() => undefined);

    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
    });
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it("stays quiet about a 401 when nobody is signed in", async () => {
    const onSessionEnded = vi.fn();
    const client = createQueryClient({ onSessionEnded });
    client.setQueryData(currentUserKey, null);

    await client.fetchQuery({ queryKey: ["contracts"], queryFn: unauthorized }).catch(() => undefined);
    vi.runAllTimers();

    expect(useToastStore.getState().toasts).toHaveLength(0);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it("ignores other errors", async () => {
    const onSessionEnded = vi.fn();
    const client = createQueryClient({ onSessionEnded });
    client.setQueryData(currentUserKey, signedInUser);
    await client
      .fetchQuery({ queryKey: ["x"], queryFn: () => Promise.reject(new ApiError(500, "internal", "Oops")) })
      .catch(() => undefined);
    vi.runAllTimers();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
