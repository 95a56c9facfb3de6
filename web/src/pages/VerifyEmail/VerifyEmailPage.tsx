import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { CircleAlert, CircleCheck, LoaderCircle, Mail } from "lucide-react";
import { useResendVerification, useVerifyEmail } from "../../api/auth";
import { ApiError, errorText } from "../../api/client";
import { AuthShell } from "../../components/AuthShell";
import { Button } from "../../components/ui/button";
import { toast } from "../../stores/toast";
import { useDocumentTitle } from "../../lib/hooks";

type State =
  | { kind: "verifying" }
  | { kind: "success"; firstName: string | null; email: string | null }
  | { kind: "error"; message: string; expired: boolean };

function failure(message: string, code?: string): State {
  return { kind: "error", message, expired: code === "token_expired" || /expired/i.test(message) };
}

/** Billing spec §2 "Verify Email" and §8 texts. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const [state, setState] = useState<State>(() =>
    token ? { kind: "verifying" } : failure("No verification token provided"),
  );
  // A token works once: never send it twice (React's development double effects, re-renders).
  const sentToken = useRef<string | null>(null);
  const { mutate: verifyToken } = verify;

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    verifyToken(token, {
      onSuccess: (result) => {
        if (!result.success) {
          setState(failure(result.error || "Verification failed"));
          return;
        }
        setState({ kind: "success", firstName: result.user?.firstName ?? null, email: result.user?.email ?? null });
        toast({ title: "Email Verified", description: "Your e-mail address has been confirmed." });
      },
      onError: (error) => {
        if (error instanceof ApiError) setState(failure(error.serverMessage || "Verification failed", error.code));
        else setState(failure("Verification failed. Please try again."));
      },
    });
  }, [token, verifyToken]);

  const title =
    state.kind === "verifying" ? "Verifying Email..." : state.kind === "success" ? "Email Verified!" : "Verification Failed";
  useDocumentTitle(title);

  const resendEmail = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Verification Email Sent", description: "Please check your email for the verification link." }),
      onError: (error) =>
        toast({
          title: "Error",
          description: errorText(error, "Failed to resend verification email"),
          variant: "destructive",
        }),
    });

  const icon =
    state.kind === "verifying" ? (
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <LoaderCircle aria-hidden="true" className="size-7 animate-spin" />
      </span>
    ) : state.kind === "success" ? (
      <span className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
    ) : (
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <CircleAlert aria-hidden="true" className="size-7" />
      </span>
    );

  return (
    <AuthShell
      icon={icon}
      title={title}
      description={
        state.kind === "verifying"
          ? "Please wait while we confirm your e-mail address."
          : state.kind === "success"
            ? "Your e-mail address is confirmed."
            : "We could not confirm your e-mail address."
      }
      footer={
        <>
          Having trouble?{" "}
          <Link to="/support" className="font-medium text-brand-700 hover:text-brand-800 hover:underline">
            Contact support
          </Link>
        </>
      }
    >
      <div aria-live="polite" className="space-y-5">
        {state.kind === "success" && (
          <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
            <p className="font-semibold">{state.firstName ? `Welcome, ${state.firstName}!` : "Welcome to ClauseWise!"}</p>
            <p className="mt-1 text-emerald-800">
              {state.email ? `${state.email} is verified. ` : ""}
              You now have full access to your company&apos;s secure workspace.
            </p>
          </div>
        )}

        {state.kind === "error" && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p>{state.message}</p>
            {state.expired && (
              <Button variant="secondary" size="sm" className="mt-3" onClick={resendEmail} disabled={resend.isPending}>
                <Mail aria-hidden="true" />
                Resend Verification Email
              </Button>
            )}
          </div>
        )}

        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button className="sm:flex-1" disabled={state.kind === "verifying"} onClick={() => void navigate("/")}>
            Go to Dashboard
          </Button>
          {state.kind === "error" && (
            <Button variant="secondary" className="sm:flex-1" onClick={resendEmail} disabled={resend.isPending}>
              Resend Email
            </Button>
          )}
        </div>
      </div>
    </AuthShell>
  );
}
