import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { EMAIL_CHANGE_MESSAGES, type EmailChangeResult } from "@clausewise/shared";
import { api, errorText } from "../../api/client";
import { currentUserKey } from "../../api/keys";
import { settingsKey } from "../../api/settings";
import { AuthShell, FormAlert } from "../../components/AuthShell";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useDocumentTitle } from "../../lib/hooks";

const linkClass = "font-medium text-brand-700 hover:text-brand-800 hover:underline";

const Done = ({ children }: { children: ReactNode }) => (
  <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900">
    {children}
  </p>
);

/**
 * The links of an e-mail change open these pages, which act only when the button is pressed: mail
 * scanners open links to look at them, and that alone must not change anyone's address.
 */
function EmailChangePage(props: { title: string; description: string; action: string; path: string; invalid: string; done: (result: EmailChangeResult) => ReactNode; onDone?: () => void }) {
  useDocumentTitle(props.title);
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const run = useMutation({ mutationFn: () => api.post<EmailChangeResult>(props.path, { token }), onSuccess: props.onDone });

  return (
    <AuthShell title={props.title} description={props.description}>
      {!token ? (
        <FormAlert>{props.invalid}</FormAlert>
      ) : run.isSuccess ? (
        props.done(run.data)
      ) : (
        <div className="space-y-4">
          {run.isError && <FormAlert>{errorText(run.error, "That did not work. Please try again.")}</FormAlert>}
          <Button size="lg" className="w-full" disabled={run.isPending} onClick={() => run.mutate()}>
            {run.isPending && <Spinner className="size-4 text-white" />}
            {props.action}
          </Button>
        </div>
      )}
    </AuthShell>
  );
}

/** /confirm-email?token=…: mailed to the new address; opening it makes that address the sign-in e-mail. */
export function ConfirmEmailChangePage() {
  const queryClient = useQueryClient();
  return (
    <EmailChangePage
      title="Confirm your new email address"
      description="Your ClauseWise sign-in email changes to this address when you confirm."
      action="Confirm Email Address"
      path="/api/auth/email-change/confirm"
      invalid={EMAIL_CHANGE_MESSAGES.confirmInvalid}
      onDone={() => {
        void queryClient.invalidateQueries({ queryKey: currentUserKey });
        void queryClient.invalidateQueries({ queryKey: settingsKey });
      }}
      done={(result) => (
        <div className="space-y-4">
          <Done>{EMAIL_CHANGE_MESSAGES.confirmed}</Done>
          <p className="text-sm text-slate-600">
            Your email address is now <strong>{result.email}</strong>.{" "}
            <Link to="/" className={linkClass}>
              Continue to ClauseWise
            </Link>
          </p>
        </div>
      )}
    />
  );
}

/** /undo-email-change?token=…: mailed to the old address; restores it and signs the account out everywhere. */
export function UndoEmailChangePage() {
  return (
    <EmailChangePage
      title="Undo the email change"
      description="This restores your previous email address, signs your account out on every device and revokes its API keys."
      action="Undo the Change"
      path="/api/auth/email-change/undo"
      invalid={EMAIL_CHANGE_MESSAGES.undoInvalid}
      done={(result) => (
        <div className="space-y-4">
          <Done>{EMAIL_CHANGE_MESSAGES.undone}</Done>
          <p className="text-sm text-slate-600">
            Your email address is <strong>{result.email}</strong> again.
          </p>
          {/* Full page loads: this browser's session has ended too. */}
          <div className="flex flex-wrap gap-3">
            <a href="/forgot-password" className="flex-1 rounded-md bg-brand-700 px-4 py-2.5 text-center text-sm font-medium text-white hover:bg-brand-800">
              Reset Password
            </a>
            <a href="/login" className="flex-1 rounded-md border border-slate-300 px-4 py-2.5 text-center text-sm font-medium text-slate-900 hover:bg-slate-50">
              Sign In
            </a>
          </div>
        </div>
      )}
    />
  );
}
