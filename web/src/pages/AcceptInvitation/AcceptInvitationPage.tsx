import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, UserPlus } from "lucide-react";
import { PASSWORD_MIN_LENGTH, TEAM_MESSAGES, acceptInvitationRequest, endSentence, fullStopAfter } from "@clausewise/shared";
import { useCurrentUser } from "../../api/auth";
import { api, errorText } from "../../api/client";
import { currentUserKey } from "../../api/keys";
import { useAcceptInvitation, useInvitationPreview } from "../../api/team";
import { AuthShell, FormAlert } from "../../components/AuthShell";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { LoadingState, Spinner } from "../../components/ui/spinner";
import { toFieldErrors } from "../../lib/form";
import { useDocumentTitle } from "../../lib/hooks";
import { displayName, roleLabel } from "../../lib/user";
import { toast } from "../../stores/toast";

const FIELDS = ["firstName", "lastName", "password"] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * The invitation link (`/invite?token=…`), reachable signed in or not. The invitee sets a name and a
 * password and is signed in to the inviting company; someone signed in with another account is told
 * so and may sign out here. An address that already has an account is asked to sign in.
 */
export function AcceptInvitationPage() {
  useDocumentTitle("Join your team");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const current = useCurrentUser();
  const user = current.data;
  // Looked up only once we know nobody is signed in: a signed-in visitor cannot accept anyway.
  const preview = useInvitationPreview(!current.isPending && !user ? token : "");

  if (!token) return <Problem message={TEAM_MESSAGES.invitationInvalid} />;
  if (current.isPending) return <LoadingState className="min-h-screen" />;
  if (user) return <SignedInElsewhere name={displayName(user)} email={user.email} companyName={user.companyName} />;
  if (preview.isPending) return <LoadingState className="min-h-screen" />;
  if (preview.isError) return <Problem message={errorText(preview.error, TEAM_MESSAGES.invitationInvalid)} />;
  return <AcceptForm token={token} email={preview.data.email} role={preview.data.role} companyName={preview.data.companyName} />;
}

function Problem({ message }: { message: string }) {
  return (
    <AuthShell title="Invitation unavailable" icon={<CircleAlert aria-hidden="true" className="size-10 text-red-600" />}>
      <FormAlert>{message}</FormAlert>
      <div className="mt-6 flex justify-center gap-2">
        <Link to="/login" className="text-sm font-medium text-brand-700 hover:underline">
          Go to sign in
        </Link>
      </div>
    </AuthShell>
  );
}

function SignedInElsewhere({ name, email, companyName }: { name: string; email: string; companyName: string }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await api.post("/api/auth/logout");
      queryClient.clear();
      // The router now shows the signed-out routes, and this page again with the same link.
      queryClient.setQueryData(currentUserKey, null);
    } finally {
      setPending(false);
    }
  };
  return (
    <AuthShell title="You are already signed in" icon={<CircleAlert aria-hidden="true" className="size-10 text-amber-600" />}>
      <p className="text-sm text-slate-700">
        You are signed in as <strong>{name}</strong> ({email}) of <strong>{companyName}</strong>
        {fullStopAfter(companyName)} An invitation creates a new account,
        so it cannot be accepted while you are signed in. {endSentence(`Sign out to accept it, or keep working in ${companyName}`)}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button variant="secondary" disabled={pending} onClick={() => void signOut()}>
          Sign out and accept
        </Button>
        <Link to="/" className="inline-flex h-9 items-center px-4 text-sm font-medium text-brand-700 hover:underline">
          Back to dashboard
        </Link>
      </div>
    </AuthShell>
  );
}

function AcceptForm({ token, email, role, companyName }: { token: string; email: string; role: string; companyName: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [form, setForm] = useState({ firstName: "", lastName: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = acceptInvitationRequest.safeParse({ token, ...form });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues, FIELDS));
    setErrors({});
    accept.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: "Welcome to ClauseWise", description: endSentence(`You joined ${companyName}`) });
        void navigate("/", { replace: true });
        void accept.startSession();
      },
    });
  };

  const field = (name: FieldName, label: string, props: { type?: string; autoComplete: string; hint?: string; autoFocus?: boolean }) => (
    <TextField
      label={label}
      name={name}
      error={errors[name]}
      value={form[name]}
      onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
      {...props}
    />
  );

  return (
    <AuthShell
      title={`Join ${companyName}`}
      icon={<UserPlus aria-hidden="true" className="size-10 text-brand-700" />}
      description={
        <>
          You were invited as {roleLabel(role).toLowerCase() === "admin" ? "an" : "a"} <strong>{roleLabel(role)}</strong>. Your account will use{" "}
          <strong>{email}</strong>.
        </>
      }
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {accept.isError && <FormAlert>{errorText(accept.error, "Accepting the invitation failed. Please try again.")}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("firstName", "First name", { autoComplete: "given-name", autoFocus: true })}
          {field("lastName", "Last name", { autoComplete: "family-name" })}
        </div>
        {field("password", "Password", { type: "password", autoComplete: "new-password", hint: `At least ${PASSWORD_MIN_LENGTH} characters.` })}
        <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
          {accept.isPending && <Spinner className="size-4 text-white" />}
          Accept invitation
        </Button>
      </form>
    </AuthShell>
  );
}
