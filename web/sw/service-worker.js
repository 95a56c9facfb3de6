/**
 * ClauseWise's service worker (issue 17): the installed app's shell works offline.
 * Built by the `service-worker` plugin of vite.config.ts, which puts the build id and the list of
 * the build's files (PRECACHE) in front of this text and writes dist/sw.js. The API serves it with
 * `Cache-Control: no-cache`, so a new build is picked up at the next visit.
 *
 * What is cached: index.html and the build's hashed assets, icons and manifest, nothing else.
 * /api/ (user data), /socket.io and /collab always go to the network and are never stored.
 */
const CACHE = `clausewise-shell-${BUILD_ID}`;
const SHELL = "/index.html";
const NEVER_CACHED = ["/api/", "/socket.io", "/collab", "/metrics"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("clausewise-shell-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, or the shell from the cache when the network cannot be reached. */
async function navigate(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Hashed files never change: the cache first, else the network (kept for next time if it is an asset). */
async function cacheFirst(request, keep) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (keep && response.ok && response.type === "basic") {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request, true));
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(cacheFirst(request, false));
});
