import { Hono } from "hono";
import { MAX_UPLOAD_BYTES } from "@clausewise/shared";
import type { AppDeps, AppEnv } from "./context";
import { notFound } from "./http/errors";
import { forgetAfterWrites, refuseDeclaredLengthOver, requestContext, resolveAuth } from "./http/middleware";
import { createAnswerCache } from "./http/answer-cache";
import { onError } from "./http/on-error";
import { securityHeaderList, securityHeaders, originCheck } from "./http/security";
import { answerFromMemory } from "./http/answer-from-memory";
import { compressAnswers } from "./http/compress";
import { mountWeb } from "./http/static";
import { authRoutes } from "./routes/auth";
import { ssoRoutes } from "./routes/sso";
import { contractRoutes } from "./routes/contracts";
import { dashboardRoutes } from "./routes/dashboard";
import { healthRoutes } from "./routes/health";
import { notificationRoutes } from "./routes/notifications";
import { markupRoutes } from "./routes/markups";
import { changeRoutes } from "./routes/changes";
import { versionRoutes } from "./routes/versions";
import { questionRoutes } from "./routes/questions";
import { reviewerRoutes } from "./routes/reviewers";
import { documentRoutes } from "./routes/document";
import { redlineRoutes } from "./routes/redline";
import { workflowRoutes } from "./routes/workflow";
import { exhibitRoutes } from "./routes/exhibits";
import { downloadRoutes } from "./routes/downloads";
import { uploadRoutes } from "./routes/uploads";
import { analysisRoutes } from "./routes/analysis";
import { jurisdictionRoutes } from "./routes/jurisdictions";
import { billingRoutes } from "./routes/billing";
import { invoiceRoutes } from "./routes/invoices";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { supportRoutes } from "./routes/support";
import { settingsRoutes } from "./routes/settings";
import { securityRoutes } from "./routes/security";
import { notificationPreferenceRoutes } from "./routes/notification-preferences";
import { billingAdminRoutes } from "./routes/billing-admin";
import { teamRoutes } from "./routes/team";
import { analyticsRoutes } from "./routes/analytics";
import { retentionRoutes } from "./routes/retention";
import { auditRoutes } from "./routes/audit";
import { supportDeskRoutes } from "./routes/support-desk";

import { FORWARDING_HEADERS, metricsResponse, observeRequests, registerDatabaseGauges } from "./http/metrics";
import { socketAddress } from "./auth/request";
import { createSessionCache } from "./auth/session-cache";

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  // Active sessions and company-wide lists are answered from memory for a few seconds
  // (auth/session-cache.ts, http/answer-cache.ts), forgotten at once after any write request here.
  const sessionCache = createSessionCache({ ttlMs: deps.config.sessionCacheMs, bus: deps.bus });
  const answerCache = createAnswerCache({ ttlMs: deps.config.answerCacheMs, bus: deps.bus });
  const fixedSecurityHeaders = securityHeaderList(deps.config);
  app.use("*", requestContext(deps));
  app.use("*", securityHeaders(fixedSecurityHeaders));

  registerDatabaseGauges(deps);
  app.get("/metrics", (c) =>
    metricsResponse(deps.config, {
      remoteAddress: socketAddress(c),
      authorization: c.req.header("authorization"),
      forwarded: FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined),
    }),
  );

  const api = new Hono<AppEnv>();
  api.use("*", observeRequests());
  // JSON and CSV answers over 1 KB go out gzipped to clients that accept it (lists, analyses).
  api.use("*", compressAnswers(1024));
  api.use("*", originCheck(deps.config));
  // Each reader of a body enforces its own limit as it reads (http/validate.ts jsonBody: 1 MB unless
  // the route declares more; uploads; the webhook). This only refuses at once a declared length that
  // no route accepts, without reading or buffering anything.
  // (Twice the upload limit, so the upload routes' own 413 message answers anything near it.)
  api.use("*", refuseDeclaredLengthOver(2 * MAX_UPLOAD_BYTES));
  api.use("*", async (c, next) => {
    c.set("answerCache", answerCache);
    await next();
  });
  api.use("*", forgetAfterWrites(sessionCache, answerCache));
  api.use("*", resolveAuth(sessionCache));
  api.route("/", healthRoutes);
  api.route("/", authRoutes);
  api.route("/", ssoRoutes);
  api.route("/", contractRoutes);
  api.route("/", dashboardRoutes);
  api.route("/", notificationRoutes);
  api.route("/", markupRoutes);
  api.route("/", changeRoutes);
  api.route("/", versionRoutes);
  api.route("/", questionRoutes);
  api.route("/", reviewerRoutes);
  api.route("/", documentRoutes);
  api.route("/", redlineRoutes);
  api.route("/", workflowRoutes);
  api.route("/", exhibitRoutes);
  api.route("/", downloadRoutes);
  api.route("/", uploadRoutes);
  api.route("/", analysisRoutes);
  api.route("/", jurisdictionRoutes);
  api.route("/", billingRoutes);
  api.route("/", invoiceRoutes);
  api.route("/", stripeWebhookRoutes);
  api.route("/", supportRoutes);
  api.route("/", settingsRoutes);
  api.route("/", securityRoutes);
  api.route("/", notificationPreferenceRoutes);
  api.route("/", billingAdminRoutes);
  api.route("/", teamRoutes);
  api.route("/", analyticsRoutes);
  api.route("/", retentionRoutes);
  api.route("/", auditRoutes);
  api.route("/", supportDeskRoutes);
  api.all("*", () => {
    throw notFound("No such API endpoint.");
  });
  app.route("/api", api);

  if (deps.config.webDist) mountWeb(app, deps.config.webDist);

  // Before the app: a list that both caches hold goes out at once (http/answer-from-memory.ts).
  // Only routes whose handlers are keyAccess("read"), cachedCompanyAnswer().
  const fromMemory = answerFromMemory({ deps, sessions: sessionCache, answers: answerCache, paths: ["/api/contracts"], securityHeaders: fixedSecurityHeaders });
  const appFetch = app.fetch;
  app.fetch = (request, env, executionCtx) => fromMemory(request) ?? appFetch(request, env, executionCtx);
  return app;
}
