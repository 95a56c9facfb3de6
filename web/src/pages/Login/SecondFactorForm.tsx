import { useState, type FormEvent } from "react";
import { SETTINGS_MESSAGES } from "@clausewise/shared";
import { errorText } from "../../api/client";
import { useSecondFactor } from "../../api/settings";
import { FormAlert } from "../../components/AuthShell";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { Spinner } from "../../components/ui/spinner";

/** Sign-in step two for accounts with two-factor on: an authenticator code or a recovery code. */
export function SecondFactorForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const verify = useSecondFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim().length < 6) {
      setError(SETTINGS_MESSAGES.secondFactorRequired);
      return;
    }
    setError(undefined);
    verify.mutate(code.trim(), { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">Two-factor authentication is on for this account. {SETTINGS_MESSAGES.secondFactorRequired}</p>
      {verify.isError && <FormAlert>{errorText(verify.error, "Verification failed. Please try again.")}</FormAlert>}
      <TextField label="Authentication code" name="code" autoComplete="one-time-code" autoFocus value={code} onChange={(e) => setCode(e.target.value)} error={error} />
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending && <Spinner className="size-4 text-white" />}
        Verify
      </Button>
      <button type="button" onClick={onCancel} className="w-full text-center text-sm text-brand-700 hover:underline">
        Use a different account
      </button>
    </form>
  );
}
