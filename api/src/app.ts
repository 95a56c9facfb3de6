import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_UPLOAD_BYTES } from "@clausewise/shared";
import type { AppDeps, AppEnv } from "./context";
import { AppError, notFound } from "./http/errors";
import { requestContext, resolveAuth } from "./http/middleware";
import { onError } from "./http/on-error";
import { securityHeaders, originCheck } from "./http/security";
import { mountWeb } from "./http/static";
import { authRoutes } from "./routes/auth";
import { ssoRoutes } from "./routes/sso";
import { contractRoutes } from "./routes/contracts";
import { healthRoutes } from "./routes/health";
import { notificationRoutes } from "./routes/notifications";
import { markupRoutes } from "./routes/markups";
import { changeRoutes } from "./routes/changes";
import { versionRoutes } from "./routes/versions";
import { questionRoutes } from "./routes/questions";
import { reviewerRoutes } from "./routes/reviewers";
import { documentRoutes } from "./routes/document";
import { workflowRoutes } from "./routes/workflow";
import { exhibitRoutes } from "./routes/exhibits";
import { downloadRoutes } from "./routes/downloads";
import { uploadRoutes } from "./routes/uploads";
import { analysisRoutes } from "./routes/analysis";
import { jurisdictionRoutes } from "./routes/jurisdictions";
import { billingRoutes } from "./routes/billing";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { supportRoutes } from "./routes/support";
import { settingsRoutes } from "./routes/settings";
import { securityRoutes } from "./routes/security";
import { notificationPreferenceRoutes } from "./routes/notification-preferences";
import { billingAdminRoutes } from "./routes/billing-admin";
import { teamRoutes } from "./routes/team";
import { analyticsRoutes } from "./routes/analytics";
import { retentionRoutes } from "./routes/retention";

import { metricsResponse, observeRequests, registerDatabaseGauges } from "./http/metrics";

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use("*", requestContext(deps));
  app.use("*", securityHeaders(deps.config));

  registerDatabaseGauges(deps);
  app.get("/metrics", () => metricsResponse());

  const api = new Hono<AppEnv>();
  api.use("*", observeRequests());
  api.use("*", originCheck(deps.config));
  // A backstop against unbounded bodies; routes set tighter limits (and their own messages) inside it.
  api.use(
    "*",
    bodyLimit({
      maxSize: 2 * MAX_UPLOAD_BYTES,
      onError: () => {
        throw new AppError("payload_too_large", "The request is too large.");
      },
    }),
  );
  api.use("*", resolveAuth());
  api.route("/", healthRoutes);
  api.route("/", authRoutes);
  api.route("/", ssoRoutes);
  api.route("/", contractRoutes);
  api.route("/", notificationRoutes);
  api.route("/", markupRoutes);
  api.route("/", changeRoutes);
  api.route("/", versionRoutes);
  api.route("/", questionRoutes);
  api.route("/", reviewerRoutes);
  api.route("/", documentRoutes);
  api.route("/", workflowRoutes);
  api.route("/", exhibitRoutes);
  api.route("/", downloadRoutes);
  api.route("/", uploadRoutes);
  api.route("/", analysisRoutes);
  api.route("/", jurisdictionRoutes);
  api.route("/", billingRoutes);
  api.route("/", stripeWebhookRoutes);
  api.route("/", supportRoutes);
  api.route("/", settingsRoutes);
  api.route("/", securityRoutes);
  api.route("/", notificationPreferenceRoutes);
  api.route("/", billingAdminRoutes);
  api.route("/", teamRoutes);
  api.route("/", analyticsRoutes);
  api.route("/", retentionRoutes);
  api.all("*", () => {
    throw notFound("No such API endpoint.");
  });
  app.route("/api", api);

  if (deps.config.webDist) mountWeb(app, deps.config.webDist);
  return app;
}
