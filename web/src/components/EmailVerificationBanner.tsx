import { MailWarning } from "lucide-react";
import type { CurrentUser } from "@clausewise/shared";
import { useResendVerification, useVerificationStatus } from "../api/auth";
import { errorText } from "../api/client";
import { toast } from "../stores/toast";
import { Button } from "./ui/button";

/** Shown while the user's e-mail address is unverified, with a way to get a new link (spec §2, §8). */
export function EmailVerificationBanner({ user }: { user: CurrentUser }) {
  const status = useVerificationStatus(!user.emailVerified);
  const resend = useResendVerification();
  const verified = status.data?.emailVerified ?? user.emailVerified;
  if (verified) return null;
  const email = status.data?.email ?? user.email;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Verification Email Sent", description: "Please check your email for the verification link." }),
      onError: (error) =>
        toast({ title: "Error", description: errorText(error, "Failed to send verification email"), variant: "destructive" }),
    });

  return (
    <section
      aria-label="Email verification"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-200 bg-amber-50 px-4 py-3 sm:px-8"
    >
      <MailWarning aria-hidden="true" className="size-5 shrink-0 text-amber-600" />
      <p className="min-w-0 flex-1 text-sm text-amber-900">
        <span className="font-semibold">Please verify your email address.</span>{" "}
        We sent a verification link to <span className="font-medium">{email}</span>.
      </p>
      <Button variant="secondary" size="sm" onClick={onResend} disabled={resend.isPending}>
        {resend.isPending ? "Sending..." : "Resend verification email"}
      </Button>
    </section>
  );
}
