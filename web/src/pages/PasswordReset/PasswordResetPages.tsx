import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useMutation } from "@tanstack/react-query";
import { PASSWORD_RESET_MESSAGES, passwordResetConfirmRequest, passwordResetRequest, SETTINGS_MESSAGES } from "@clausewise/shared";
import { api, ApiError, errorText } from "../../api/client";
import { AuthShell, FormAlert } from "../../components/AuthShell";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { Spinner } from "../../components/ui/spinner";
import { toFieldErrors } from "../../lib/form";
import { useDocumentTitle } from "../../lib/hooks";

const backToSignIn = (
  <>
    Remembered it?{" "}
    <Link to="/login" className="font-medium text-brand-700 hover:text-brand-800 hover:underline">
      Back to sign in
    </Link>
  </>
);

/** "Forgot password?": asks for the address and always says the same, account or not. */
export function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const request = useMutation({ mutationFn: (body: { email: string }) => api.post<void>("/api/auth/password-reset", body) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordResetRequest.safeParse({ email });
    if (!parsed.success) return setError(toFieldErrors(parsed.error.issues, ["email"]).email);
    setError(undefined);
    request.mutate(parsed.data);
  };

  return (
    <AuthShell title="Reset your password" description="Enter the e-mail address of your account and we will send you a link to choose a new password." footer={backToSignIn}>
      {request.isSuccess ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900">
          {PASSWORD_RESET_MESSAGES.sent}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {request.isError && <FormAlert>{errorText(request.error, "The link could not be sent. Please try again.")}</FormAlert>}
          <TextField label="Email" error={error} type="email" name="email" autoComplete="username" inputMode="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending && <Spinner className="size-4 text-white" />}
            Send Reset Link
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

type ResetErrors = Partial<Record<"newPassword" | "confirmPassword", string>>;

/** The link in the mail: a new password, twice. Signs the account out everywhere; then sign in. */
export function ResetPasswordPage() {
  useDocumentTitle("Choose a new password");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<ResetErrors>({});
  const reset = useMutation({ mutationFn: (body: { token: string; newPassword: string }) => api.post<void>("/api/auth/password-reset/confirm", body) });
  // A password the server finds too easy to guess is the field's problem, not the link's.
  const weak = reset.error instanceof ApiError && reset.error.code === "weak_password" ? reset.error.serverMessage : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordResetConfirmRequest.safeParse({ token, newPassword });
    const next: ResetErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues, ["newPassword"]);
    if (confirmPassword !== newPassword) next.confirmPassword = SETTINGS_MESSAGES.passwordsDoNotMatch;
    setErrors(next);
    if (!parsed.success || next.confirmPassword) return;
    reset.mutate(parsed.data);
  };

  if (!token) {
    return (
      <AuthShell title="Choose a new password" footer={backToSignIn}>
        <FormAlert>
          {PASSWORD_RESET_MESSAGES.invalid}{" "}
          <Link to="/forgot-password" className="font-medium underline">
            Request a new link
          </Link>
        </FormAlert>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Choose a new password" description="Resetting your password signs you out on every device." footer={backToSignIn}>
      {reset.isSuccess ? (
        <div className="space-y-4">
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900">
            {PASSWORD_RESET_MESSAGES.done}
          </p>
          <Link to="/login" className="block rounded-md bg-brand-700 px-4 py-2.5 text-center text-sm font-medium text-white hover:bg-brand-800">
            Sign In
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {reset.isError && !weak && (
            <FormAlert>
              {errorText(reset.error, "The password could not be reset. Please try again.")}{" "}
              <Link to="/forgot-password" className="font-medium underline">
                Request a new link
              </Link>
            </FormAlert>
          )}
          <TextField
            label="New password"
            error={errors.newPassword ?? weak}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            autoFocus
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <TextField
            label="Confirm new password"
            error={errors.confirmPassword}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
            {reset.isPending && <Spinner className="size-4 text-white" />}
            Reset Password
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
