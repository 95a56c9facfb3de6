import { useState, type FormEvent } from "react";
import type { TwoFactorSetup } from "@clausewise/shared";
import { errorText } from "../../api/client";
import { useDisableTwoFactor, useEnableTwoFactor, useRegenerateRecoveryCodes, useStartTwoFactor, useTwoFactorStatus } from "../../api/settings";
import { FormAlert } from "../../components/AuthShell";
import { LoadError } from "../../components/contract/QueryState";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/field";
import { LoadingState } from "../../components/ui/spinner";
import { toast } from "../../stores/toast";

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They will not be shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function CodeForm({ label, submitLabel, pending, error, onSubmit, danger }: { label: string; submitLabel: string; pending: boolean; error: unknown; onSubmit: (code: string) => void; danger?: boolean }) {
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onSubmit(code.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      {error ? <FormAlert>{errorText(error, "That did not work. Please try again.")}</FormAlert> : null}
      <TextField label={label} name="code" autoComplete="one-time-code" inputMode="text" value={code} onChange={(e) => setCode(e.target.value)} />
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={pending || code.trim().length < 6}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Settings › Security › Two-Factor Authentication › Configure: TOTP set-up, recovery codes, turning it off. */
export function TwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setSetup(null);
      setCodes(null);
      [start, enable, disable, regenerate].forEach((m) => m.reset());
    }
    onOpenChange(next);
  };

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} />;
  } else if (status.isPending) {
    body = <LoadingState />;
  } else if (status.isError) {
    body = <LoadError what="Your two-factor status" error={status.error} onRetry={() => void status.refetch()} />;
  } else if (status.data.enabled) {
    body = (
      <div className="space-y-5">
        <p className="text-sm text-slate-700">
          Two-factor sign-in is <strong>on</strong>. {status.data.recoveryCodesRemaining} recovery code{status.data.recoveryCodesRemaining === 1 ? "" : "s"} left.
        </p>
        <section className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">New recovery codes</h3>
          <CodeForm
            label="Authenticator code"
            submitLabel="Generate New Recovery Codes"
            pending={regenerate.isPending}
            error={regenerate.error}
            onSubmit={(code) => regenerate.mutate(code, { onSuccess: (res) => setCodes(res.recoveryCodes) })}
          />
        </section>
        <section className="space-y-2 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Turn off two-factor sign-in</h3>
          <CodeForm
            label="Authenticator or recovery code"
            submitLabel="Turn Off"
            danger
            pending={disable.isPending}
            error={disable.error}
            onSubmit={(code) =>
              disable.mutate(code, {
                onSuccess: () => {
                  toast({ title: "Two-Factor Authentication Disabled", description: "Signing in now needs only your password." });
                  close(false);
                },
              })
            }
          />
        </section>
      </div>
    );
  } else if (setup) {
    body = (
      <div className="space-y-4">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>
            Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and scan this QR code:
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
              alt="QR code to add ClauseWise to your authenticator app"
              className="my-2 size-44 rounded border border-slate-200 bg-white p-1"
            />
            <span className="block">Or enter this setup key:</span>
            <code data-testid="totp-secret" className="mt-1 block rounded bg-slate-50 p-2 font-mono text-sm break-all text-slate-900">
              {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
            </code>
            <span className="mt-1 block text-xs text-slate-500">
              On a phone, you can open this link instead:{" "}
              <a href={setup.otpauthUrl} className="break-all text-brand-700 underline">
                add to authenticator
              </a>
              .
            </span>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <CodeForm
          label="Authenticator code"
          submitLabel="Verify and Turn On"
          pending={enable.isPending}
          error={enable.error}
          onSubmit={(code) =>
            enable.mutate(code, {
              onSuccess: (res) => {
                setCodes(res.recoveryCodes);
                toast({ title: "Two-Factor Authentication Enabled", description: "You will be asked for a code when you sign in." });
              },
            })
          }
        />
      </div>
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Two-factor sign-in is <strong>off</strong>. Turn it on to require a code from an authenticator app after your password.
        </p>
        {start.isError ? <FormAlert>{errorText(start.error, "Could not start the set-up. Please try again.")}</FormAlert> : null}
        <Button disabled={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setSetup })}>
          Set Up Two-Factor Authentication
        </Button>
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Two-Factor Authentication"
      footer={
        <Button variant="secondary" onClick={() => close(false)}>
          {codes ? "I Saved My Codes" : "Close"}
        </Button>
      }
    >
      {body}
    </Dialog>
  );
}
