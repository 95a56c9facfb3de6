import { useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes } from "react";
import { Link, useNavigate } from "react-router-dom";
import { PASSWORD_MIN_LENGTH, signupRequest, type SignupRequest } from "@clausewise/shared";
import { useSignup } from "../../api/auth";
import { ApiError, errorText } from "../../api/client";
import { AuthShell, FormAlert } from "../../components/AuthShell";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { Spinner } from "../../components/ui/spinner";
import { toFieldErrors } from "../../lib/form";
import { useDocumentTitle, useNextPath } from "../../lib/hooks";

type FieldName = keyof SignupRequest;
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY: SignupRequest = { firstName: "", lastName: "", companyName: "", email: "", password: "" };
const FIELD_NAMES = Object.keys(EMPTY) as FieldName[];

export function SignupPage() {
  useDocumentTitle("Create your account");
  const next = useNextPath();
  const navigate = useNavigate();
  const signup = useSignup();

  const [form, setForm] = useState<SignupRequest>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const set = (name: FieldName) => (e: ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [name]: e.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = signupRequest.safeParse(form);
    if (!parsed.success) {
      setFieldErrors(toFieldErrors(parsed.error.issues, FIELD_NAMES));
      return;
    }
    setFieldErrors({});
    signup.mutate(parsed.data, {
      onSuccess: () => void navigate(next, { replace: true }),
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.fields) return;
        const issues = Object.entries(error.fields).map(([key, message]) => ({ path: [key], message }));
        setFieldErrors(toFieldErrors(issues, FIELD_NAMES));
      },
    });
  };

  const input = (name: FieldName, label: string, props: InputHTMLAttributes<HTMLInputElement>, hint?: string) => (
    <TextField label={label} hint={hint} error={fieldErrors[name]} name={name} value={form[name]} onChange={set(name)} {...props} />
  );

  return (
    <AuthShell
      title="Create your account"
      description="Set up a secure workspace for your company. You will be its administrator."
      footer={
        <>
          Already have an account?{" "}
          <Link
            to={next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}`}
            className="font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {signup.isError && <FormAlert>{errorText(signup.error, "Sign-up failed. Please try again.")}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {input("firstName", "First name", { autoComplete: "given-name", autoFocus: true })}
          {input("lastName", "Last name", { autoComplete: "family-name" })}
        </div>
        {input("companyName", "Company name", { autoComplete: "organization" })}
        {input("email", "Email", { type: "email", autoComplete: "email", inputMode: "email" })}
        {input(
          "password",
          "Password",
          { type: "password", autoComplete: "new-password" },
          `At least ${PASSWORD_MIN_LENGTH} characters.`,
        )}
        <Button type="submit" size="lg" className="w-full" disabled={signup.isPending}>
          {signup.isPending && <Spinner className="size-4 text-white" />}
          Create account
        </Button>
      </form>
    </AuthShell>
  );
}
