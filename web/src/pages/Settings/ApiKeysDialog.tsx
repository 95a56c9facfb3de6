import { useState, type FormEvent } from "react";
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, createApiKeyRequest, type ApiKeyScope, type CreatedApiKey } from "@clausewise/shared";
import { errorText } from "../../api/client";
import { isPlanUpgradeError, PlanUpgradeNotice } from "../../components/PlanUpgradeNotice";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../../api/settings";
import { FormAlert } from "../../components/AuthShell";
import { LoadError } from "../../components/contract/QueryState";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field, TextField } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadingState } from "../../components/ui/spinner";
import { relativeTime } from "../../lib/relative-time";
import { toast } from "../../stores/toast";
import { toastFailure } from "./feedback";

/** Settings › Security › API Access › Manage Keys: create (the key is shown once), list, revoke. */
export function ApiKeysDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const keys = useApiKeys(open);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState("");
  // Read-only unless the person asks for more: the safer key is the easier one to make.
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setCreated(null);
      setName("");
      setScope("read");
      setNameError(undefined);
      create.reset();
    }
    onOpenChange(next);
  };

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeyRequest.safeParse({ name, scope });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        setCreated(res);
        setName("");
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="API Keys"
      description="Keys let scripts and integrations call the ClauseWise API as you, with Authorization: Bearer <key>. No key can change your sign-in, security, team or billing settings."
      size="lg"
      footer={
        <Button variant="secondary" onClick={() => close(false)}>
          Close
        </Button>
      }
    >
      <div className="space-y-5">
        {created && (
          <div role="status" className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3">
            <p className="text-sm font-medium text-emerald-900">Copy your new key “{created.apiKey.name}” now. It will not be shown again.</p>
            <code data-testid="new-api-key" className="block rounded bg-white p-2 font-mono text-sm break-all text-slate-900">
              {created.key}
            </code>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(created.key)
                  .then(() => toast({ title: "Copied", description: "The API key is on your clipboard." }))
                  .catch(() => undefined)
              }
            >
              Copy Key
            </Button>
          </div>
        )}
        <form noValidate onSubmit={onCreate} className="flex flex-wrap items-end gap-2">
          <TextField label="Key name" name="name" placeholder="e.g. Procurement sync" className="min-w-60 flex-1" value={name} onChange={(e) => setName(e.target.value)} error={nameError} />
          <Field label="Access" className="min-w-52">
            {({ id }) => (
              <NativeSelect id={id} name="scope" value={scope} onChange={(e) => setScope(e.target.value as ApiKeyScope)}>
                {API_KEY_SCOPES.map((value) => (
                  <option key={value} value={value}>
                    {API_KEY_SCOPE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Button type="submit" disabled={create.isPending}>
            Create Key
          </Button>
        </form>
        {isPlanUpgradeError(create.error) ? (
          <PlanUpgradeNotice error={create.error} feature="apiAccess" />
        ) : (
          create.isError && <FormAlert>{errorText(create.error, "Could not create the key. Please try again.")}</FormAlert>
        )}
        {keys.isPending ? (
          <LoadingState />
        ) : keys.isError ? (
          <LoadError what="Your API keys" error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-slate-600">You have no API keys.</p>
        ) : (
          <ul aria-label="API keys" className="divide-y divide-slate-100">
            {keys.data.map((key) => (
              <li key={key.id} className="flex items-center justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    {key.name}
                    <Badge tone={key.scope === "read" ? "neutral" : "warning"}>{API_KEY_SCOPE_LABELS[key.scope]}</Badge>
                  </p>
                  <p className="text-slate-500">
                    <code className="font-mono">{key.prefix}…</code> · created {relativeTime(key.createdAt)} · {key.lastUsedAt ? `last used ${relativeTime(key.lastUsedAt)}` : "never used"}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={`Revoke key ${key.name}`}
                  onClick={() =>
                    revoke.mutate(key.id, {
                      onSuccess: () => toast({ title: "API Key Revoked", description: `“${key.name}” no longer works.` }),
                      onError: (error) => toastFailure(error, "Failed to revoke the key. Please try again."),
                    })
                  }
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
