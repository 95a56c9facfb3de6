import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { KeyRound } from "lucide-react";
import { isSsoErrorCode, loginRequest, SESSION_MESSAGES, SSO_ERRORS } from "@clausewise/shared";
import { useAuthConfig, useLogin } from "../../api/auth";
import { errorText } from "../../api/client";
import { AuthShell, FormAlert } from "../../components/AuthShell";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { TextField } from "../../components/ui/field";
import { Spinner } from "../../components/ui/spinner";
import { toFieldErrors } from "../../lib/form";
import { useDocumentTitle, useNextPath } from "../../lib/hooks";
import { clearSessionExpiredNote, sessionExpiredNoted } from "../../lib/session-notice";
import { roleLabel } from "../../lib/user";
import { SecondFactorForm } from "./SecondFactorForm";

type FieldErrors = Partial<Record<"email" | "password", string>>;

export function LoginPage() {
  useDocumentTitle("Sign in");
  const next = useNextPath();
  const navigate = useNavigate();
  const config = useAuthConfig();
  const login = useLogin();

  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  // Read once, forgotten once shown: a later visit to this page is not told again.
  const [expired] = useState(sessionExpiredNoted);
  useEffect(clearSessionExpiredNote, []);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [searchParams] = useSearchParams();
  // Coming back from single sign-on: a reason code to explain, or a session that still owes its code.
  const ssoError = searchParams.get("sso_error");
  const [secondFactor, setSecondFactor] = useState(searchParams.get("second_factor") === "1");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginRequest.safeParse({ email, password, remember });
    if (!parsed.success) {
      setFieldErrors(toFieldErrors(parsed.error.issues, ["email", "password"]));
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, {
      onSuccess: (res) => ("secondFactorRequired" in res ? setSecondFactor(true) : void navigate(next, { replace: true })),
    });
  };

  const fillDemo = (demoEmail: string) => {
    setEmail(demoEmail);
    setPassword(config.data?.demoPassword ?? "");
    setFieldErrors({});
    login.reset();
  };

  const signupHref = next === "/" ? "/signup" : `/signup?next=${encodeURIComponent(next)}`;

  if (secondFactor) {
    return (
      <AuthShell title="Two-factor authentication" description="One more step to sign in.">
        <SecondFactorForm
          onDone={() => void navigate(next, { replace: true })}
          onCancel={() => {
            setSecondFactor(false);
            setPassword("");
            login.reset();
          }}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Sign in to ClauseWise"
      description="Enter your work e-mail and password."
      footer={
        <>
          New to ClauseWise?{" "}
          <Link to={signupHref} className="font-medium text-brand-700 hover:text-brand-800 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {login.isError && <FormAlert>{errorText(login.error, "Sign-in failed. Please try again.")}</FormAlert>}
        {!login.isError && isSsoErrorCode(ssoError) && <FormAlert>{SSO_ERRORS[ssoError]}</FormAlert>}
        {!login.isError && expired && (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            {SESSION_MESSAGES.expiredNotice}
          </p>
        )}
        <TextField
          label="Email"
          error={fieldErrors.email}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          error={fieldErrors.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="-mt-2 flex items-start justify-between gap-3 text-sm">
          <Checkbox
            label="Remember me"
            hint={config.data ? `Stay signed in on this device for up to ${config.data.rememberDays} days.` : undefined}
            name="remember"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link to="/forgot-password" className="shrink-0 font-medium text-brand-700 hover:text-brand-800 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending && <Spinner className="size-4 text-white" />}
          Sign In
        </Button>
      </form>

      {config.data?.sso && (
        <div className="mt-4">
          <div className="my-4 flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <a
            href={next === "/" ? "/api/auth/sso" : `/api/auth/sso?next=${encodeURIComponent(next)}`}
            className="flex w-full items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Sign in with single sign-on
          </a>
        </div>
      )}

      {config.data?.demoMode && config.data.demoUsers.length > 0 && (
        <section aria-labelledby="demo-heading" className="mt-6 rounded-lg border border-brand-100 bg-brand-50/60 p-4">
          <h2 id="demo-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <KeyRound aria-hidden="true" className="size-4 text-brand-700" />
            Demo accounts
          </h2>
          <p className="mt-1 text-xs text-slate-600">
            Choose an account to fill in the form.
            {config.data.demoPassword && (
              <>
                {" "}
                Password: <code className="rounded bg-white px-1 py-0.5 font-mono text-slate-800">{config.data.demoPassword}</code>
              </>
            )}
          </p>
          <ul className="mt-3 space-y-1.5">
            {config.data.demoUsers.map((demo) => (
              <li key={demo.email}>
                <button
                  type="button"
                  onClick={() => fillDemo(demo.email)}
                  aria-label={`Use demo account ${demo.email} (${roleLabel(demo.role)})`}
                  className="flex w-full items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-left text-sm hover:border-brand-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="truncate font-medium text-slate-800">{demo.email}</span>
                  <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                    {roleLabel(demo.role)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </AuthShell>
  );
}
