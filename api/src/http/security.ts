import { Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../context";
import type { Config } from "../env";
import { AppError } from "./errors";
import { setFixedHeaders } from "./fixed-headers";
import { isAllowedOrigin, requestOrigin } from "./origin";

// Stripe.js must load from Stripe and open its card frames (docs.stripe.com/security/guide#content-security-policy).
const STRIPE_SCRIPTS = ["https://js.stripe.com", "https://*.js.stripe.com"];
const STRIPE_FRAMES = [...STRIPE_SCRIPTS, "https://hooks.stripe.com"];
const STRIPE_API = ["https://api.stripe.com"];
/**
 * The editor's video embeds (issue 14): its only provider is YouTube, played from
 * youtube-nocookie.com (shared/src/editor/extensions.ts); the sanitizer keeps frames of these hosts only.
 */
export const VIDEO_FRAMES = ["https://www.youtube-nocookie.com", "https://www.youtube.com"];

/**
 * Secure headers with a CSP for the built Vite SPA: no inline or foreign scripts; inline styles stay
 * allowed because the editor and UI primitives set style attributes; websockets for /collab and
 * /socket.io; the service worker and manifest of the installable app from our own origin; Stripe's origins only when Stripe is configured. HSTS only when the public URL is
 * https, so local http development keeps working.
 */
export function securityHeaders(headers: Promise<[string, string][]>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    setFixedHeaders(c, await headers);
    await next();
  };
}

/**
 * The headers Hono's secureHeaders sets with our options, read once by running it on a probe request.
 * They are the same for every answer, so they are set once per request on Node's response rather
 * than on each Fetch Response (http/fixed-headers.ts).
 */
export async function securityHeaderList(config: Config): Promise<[string, string][]> {
  const probe = new Hono();
  probe.use("*", secureHeaders(secureHeaderOptions(config)));
  probe.get("/", (c) => c.body(null, 204));
  const res = await probe.request("/");
  return [...res.headers];
}

function secureHeaderOptions(config: Config): Parameters<typeof secureHeaders>[0] {
  const https = config.appUrl.startsWith("https://");
  const stripe = Boolean(config.stripe);
  return {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(stripe ? STRIPE_SCRIPTS : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", "ws:", "wss:", ...(stripe ? STRIPE_API : [])],
      frameSrc: [...VIDEO_FRAMES, ...(stripe ? STRIPE_FRAMES : [])],
      // The installable app (issue 17): its service worker and web app manifest, both same-origin.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    // Verification links carry their token in the query string; never send it to another site.
    referrerPolicy: "no-referrer",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  };
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Provider callbacks (Stripe) authenticate by signature, not by cookie, and come from other origins.
const EXEMPT_PREFIXES = ["/api/webhooks/"];

export const csrfRejected = () => new AppError("csrf_rejected", "Cross-site request refused.");

/**
 * CSRF defence for cookie-authenticated calls: a browser names the page that sent a request in
 * Origin (and Sec-Fetch-Site); anything from another site is refused before it can change state.
 * Requests without Origin come from non-browser clients (curl, server-to-server JSON), which cannot
 * be forged by a web page, so they pass (DESIGN.md §2).
 */
export function originCheck(config: Config): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method) || EXEMPT_PREFIXES.some((p) => c.req.path.startsWith(p))) return next();
    if (c.req.header("sec-fetch-site")?.toLowerCase() === "cross-site") throw csrfRejected();
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      const scheme = new URL(c.req.url).protocol === "https:" ? "https" : "http";
      if (!isAllowedOrigin(origin, requestOrigin(c.req.raw.headers, config, scheme), config)) throw csrfRejected();
    }
    await next();
  };
}
