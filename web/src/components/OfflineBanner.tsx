import { WifiOff } from "lucide-react";
import { useOffline } from "../stores/connection";

/**
 * The offline state (issue 17): the browser is offline or the server cannot be reached. The app's
 * shell still opens from the service worker's cache, but nothing of the user's data is kept there,
 * so the banner says why lists and documents do not load.
 */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div role="status" data-testid="offline-banner" className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-950 shadow-sm print:hidden">
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <strong className="font-semibold">You are offline.</strong> Contracts and changes need a connection; ClauseWise reconnects on its own.
      </span>
    </div>
  );
}
