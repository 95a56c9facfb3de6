import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { UNAUTHORIZED_REDIRECT_MS } from "@clausewise/shared";
import { isSessionExpiredError, noteSessionExpired } from "../lib/session-notice";
import { toast } from "../stores/toast";
import { isUnauthorizedError } from "./client";
import { currentUserKey } from "./keys";

/** Sends the browser to the server's sign-in entry, coming back to the current page afterwards. */
export function goToLogin(): void {
  const next = window.location.pathname + window.location.search;
  window.location.assign(next && next !== "/" ? `/api/login?next=${encodeURIComponent(next)}` : "/api/login");
}

export interface QueryClientOptions {
  /** What to do once the unauthorized toast has shown; the browser's sign-in redirect by default. */
  onSessionEnded?: () => void;
}

export function createQueryClient({ onSessionEnded = goToLogin }: QueryClientOptions = {}): QueryClient {
  let redirecting = false;

  // Spec §8 "Unauthorized": when a signed-in page learns the session is gone, say so and sign in again.
  const onError = (error: unknown) => {
    if (!isUnauthorizedError(error) || redirecting) return;
    if (!queryClient.getQueryData(currentUserKey)) return;
    redirecting = true;
    if (isSessionExpiredError(error)) noteSessionExpired();
    toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    setTimeout(onSessionEnded, UNAUTHORIZED_REDIRECT_MS);
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    // Spec §7: no retry, data never goes stale by itself, no refetch on window focus.
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
