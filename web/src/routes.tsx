import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import type { CurrentUser } from "@clausewise/shared";
import { useCurrentUser } from "./api/auth";
import { AppLayout } from "./components/AppLayout";
import { PublicLayout } from "./components/PublicLayout";
import { LoadingState } from "./components/ui/spinner";
import { useNextPath } from "./lib/hooks";

/** Lazy-loads a page module that exports the component under `name`. */
function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LandingPage = lazyPage(() => import("./pages/Landing/LandingPage"), "LandingPage");
const LoginPage = lazyPage(() => import("./pages/Login/LoginPage"), "LoginPage");
const SignupPage = lazyPage(() => import("./pages/Signup/SignupPage"), "SignupPage");
const VerifyEmailPage = lazyPage(() => import("./pages/VerifyEmail/VerifyEmailPage"), "VerifyEmailPage");
const ForgotPasswordPage = lazyPage(() => import("./pages/PasswordReset/PasswordResetPages"), "ForgotPasswordPage");
const ResetPasswordPage = lazyPage(() => import("./pages/PasswordReset/PasswordResetPages"), "ResetPasswordPage");
const ConfirmEmailChangePage = lazyPage(() => import("./pages/EmailChange/EmailChangePages"), "ConfirmEmailChangePage");
const UndoEmailChangePage = lazyPage(() => import("./pages/EmailChange/EmailChangePages"), "UndoEmailChangePage");
const AcceptInvitationPage = lazyPage(() => import("./pages/AcceptInvitation/AcceptInvitationPage"), "AcceptInvitationPage");
const NotFoundPage = lazyPage(() => import("./pages/NotFound/NotFoundPage"), "NotFoundPage");
const DashboardPage = lazyPage(() => import("./pages/Dashboard/DashboardPage"), "DashboardPage");
const ContractDetailPage = lazyPage(() => import("./pages/ContractDetail/ContractDetailPage"), "ContractDetailPage");
const TeamPage = lazyPage(() => import("./pages/Team/TeamPage"), "TeamPage");
const AnalyticsPage = lazyPage(() => import("./pages/Analytics/AnalyticsPage"), "AnalyticsPage");
const AuditLogPage = lazyPage(() => import("./pages/AuditLog/AuditLogPage"), "AuditLogPage");
const BillingAdminPage = lazyPage(() => import("./pages/BillingAdmin/BillingAdminPage"), "BillingAdminPage");
const SettingsPage = lazyPage(() => import("./pages/Settings/SettingsPage"), "SettingsPage");
const JurisdictionalAnalysisPage = lazyPage(
  () => import("./pages/JurisdictionalAnalysis/JurisdictionalAnalysisPage"),
  "JurisdictionalAnalysisPage",
);
const PricingPage = lazyPage(() => import("./pages/Pricing/PricingPage"), "PricingPage");
const SubscriptionPage = lazyPage(() => import("./pages/Subscription/SubscriptionPage"), "SubscriptionPage");
const TermsPage = lazyPage(() => import("./pages/Terms/TermsPage"), "TermsPage");
const SupportPage = lazyPage(() => import("./pages/Support/SupportPage"), "SupportPage");
const NotificationPreferencesPage = lazyPage(
  () => import("./pages/NotificationPreferences/NotificationPreferencesPage"),
  "NotificationPreferencesPage",
);

const fullScreenLoading = <LoadingState className="min-h-screen" />;

/** Signed in already: /login and /signup continue to where the visitor was going. */
function ContinueSignedIn() {
  return <Navigate to={useNextPath()} replace />;
}

/**
 * Spec §2: signed out, or while the sign-in state loads, `/` is the landing page and /verify-email
 * works; sign-in, sign-up, terms and support (whose help center is public, billing spec §6) are
 * public too. A page of the signed-in app sends the visitor to sign in and back (issue 17: e-mailed
 * deep links). Any other path is not found, except that while the sign-in state is still loading it
 * waits instead of flashing a 404 at a signed-in user.
 */
function PublicRoutes({ loading }: { loading: boolean }) {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/confirm-email" element={<ConfirmEmailChangePage />} />
      <Route path="/undo-email-change" element={<UndoEmailChangePage />} />
      <Route path="/invite" element={<AcceptInvitationPage />} />
      <Route path="/terms" element={<PublicLayout><TermsPage /></PublicLayout>} />
      <Route path="/pricing" element={<PublicLayout><PricingPage /></PublicLayout>} />
      <Route path="/support" element={<PublicLayout><SupportPage /></PublicLayout>} />
      {SIGNED_IN_PATHS.map((path) => (
        <Route key={path} path={path} element={loading ? fullScreenLoading : <SignInFirst />} />
      ))}
      <Route path="*" element={loading ? fullScreenLoading : <NotFoundPage />} />
    </Routes>
  );
}

/** The app's own pages (SignedInRoutes): signed out, a link to one of them goes through sign-in. */
const SIGNED_IN_PATHS = [
  "/contracts/:id",
  "/team",
  "/analytics",
  "/billing-admin",
  "/audit-log",
  "/settings",
  "/jurisdictional-analysis",
  "/subscription",
  "/notification-preferences",
];

/** An e-mailed link opened signed out: sign in, then land on the link (path, query and hash). */
function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`/login?next=${encodeURIComponent(pathname + search + hash)}`} replace />;
}

/** Core spec §2 route table. */
function SignedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      <Route path="/login" element={<ContinueSignedIn />} />
      <Route path="/signup" element={<ContinueSignedIn />} />
      <Route path="/forgot-password" element={<ContinueSignedIn />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/confirm-email" element={<ConfirmEmailChangePage />} />
      <Route path="/undo-email-change" element={<UndoEmailChangePage />} />
      <Route path="/invite" element={<AcceptInvitationPage />} />
      <Route element={<AppLayout user={user} />}>
        <Route index element={<DashboardPage />} />
        <Route path="contracts/:id" element={<ContractDetailPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="billing-admin" element={<BillingAdminPage />} />
        <Route path="audit-log" element={<AuditLogPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="jurisdictional-analysis" element={<JurisdictionalAnalysisPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="subscription" element={<SubscriptionPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="support" element={<SupportPage />} />
        <Route path="notification-preferences" element={<NotificationPreferencesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function AppRoutes() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <Suspense fallback={fullScreenLoading}>
      <ScrollToTop />
      {user ? <SignedInRoutes user={user} /> : <PublicRoutes loading={isPending} />}
    </Suspense>
  );
}
