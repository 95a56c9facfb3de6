import type { ReactElement } from "react";
import { cleanup, render } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, vi } from "vitest";
import { createQueryClient } from "../api/query-client";
import { Toaster } from "../components/ui/toaster";
import { TooltipProvider } from "../components/ui/tooltip";
import { AppRoutes } from "../routes";
import { useToastStore } from "../stores/toast";

/** The whole app at `path`, as main.tsx assembles it, with an in-memory router. */
export function renderApp(path: string) {
  const onSessionEnded = vi.fn();
  const queryClient = createQueryClient({ onSessionEnded });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, onSessionEnded };
}

/** One component inside the providers main.tsx gives it: query client, tooltips and the toaster. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient({ onSessionEnded: () => undefined });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {ui}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/**
 * The hooks every page test needs: jsdom has no scrollTo; after each test the DOM, stubbed globals and
 * toasts are cleared. Call once at the top level of a test file.
 */
export function resetBetweenPageTests(): void {
  beforeEach(() => {
    window.scrollTo = () => undefined;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useToastStore.setState({ toasts: [] });
  });
}
