import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "./api/query-client";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { OfflineBanner } from "./components/OfflineBanner";
import { installDesktopBridge } from "./desktop/bridge";
import { registerServiceWorker } from "./desktop/service-worker";
import { watchBrowserConnection } from "./stores/connection";
import { Toaster } from "./components/ui/toaster";
import { TooltipProvider } from "./components/ui/tooltip";
import { trackInputModality } from "./lib/input-modality";
import { AppRoutes } from "./routes";
import "./index.css";

const queryClient = createQueryClient();
watchBrowserConnection(window);
installDesktopBridge(window);
registerServiceWorker();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

trackInputModality();

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={200}>
          <OfflineBanner />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
