/**
 * Registers the service worker of the installable app (issue 17) in production builds only: in
 * `vite dev` there is no dist/sw.js, and a worker caching dev modules would only get in the way.
 */
export function registerServiceWorker(nav: Navigator = navigator, production: boolean = import.meta.env.PROD): void {
  if (!production || !("serviceWorker" in nav)) return;
  nav.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // Not installable without it, but the app works the same in a tab: nothing to tell the user.
  });
}
