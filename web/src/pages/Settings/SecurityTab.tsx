import { useState, type ComponentType, type ReactNode } from "react";
import { KeyRound, MonitorSmartphone, ShieldCheck, TriangleAlert } from "lucide-react";
import { SETTINGS_MESSAGES } from "@clausewise/shared";
import { can, useSignedInUser } from "../../api/auth";
import { useDeleteAccount, useTwoFactorStatus } from "../../api/settings";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { toast } from "../../stores/toast";
import { AiReviewSwitch } from "./AiReviewSwitch";
import { ApiKeysDialog } from "./ApiKeysDialog";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { toastFailure } from "./feedback";
import { SessionsDialog } from "./SessionsDialog";
import { TwoFactorDialog } from "./TwoFactorDialog";

function SecurityRow({ icon: Icon, title, description, action, badge }: { icon: ComponentType<{ className?: string }>; title: string; description: string; action: ReactNode; badge?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            {title}
            {badge}
          </h3>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
      </div>
      {action}
    </div>
  );
}

/** Danger Zone: Delete Account behind 'Are you absolutely sure?', then the logout path (spec §2, §4). */
function DangerZone() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: SETTINGS_MESSAGES.accountDeleted, description: "Your account has been permanently deleted." });
        setOpen(false);
        window.location.assign("/api/logout");
      },
      onError: (error) => {
        setOpen(false);
        toastFailure(error, "Failed to delete your account. Please try again.", SETTINGS_MESSAGES.deletionFailed);
      },
    });
  return (
    <Card className="border-red-200 p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold text-red-700">
        <TriangleAlert aria-hidden="true" className="size-5" />
        Danger Zone
      </h2>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-900">Delete Account</p>
          <p className="text-sm text-slate-600">Permanently delete your account and all of your data.</p>
        </div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Are you absolutely sure?"
        description="This action cannot be undone. This will permanently delete your account and remove all of your data from our servers."
        confirmLabel="Delete Account"
        destructive
        pending={remove.isPending}
        onConfirm={onConfirm}
      />
    </Card>
  );
}

/** Settings › Security: password, two-factor sign-in, sessions, API keys, the admin-only AI switch, the Danger Zone. */
export function SecurityTab() {
  const user = useSignedInUser();
  const twoFactor = useTwoFactorStatus();
  const [dialog, setDialog] = useState<"twoFactor" | "sessions" | "apiKeys" | null>(null);
  const setOpen = (which: NonNullable<typeof dialog>) => (open: boolean) => setDialog(open ? which : null);

  return (
    <div className="space-y-4">
      <ChangePasswordCard />
      <Card className="divide-y divide-slate-100 px-5">
        <SecurityRow
          icon={ShieldCheck}
          title="Two-Factor Authentication"
          description="Ask for a code from an authenticator app after your password."
          badge={twoFactor.data ? <Badge tone={twoFactor.data.enabled ? "success" : "neutral"}>{twoFactor.data.enabled ? "On" : "Off"}</Badge> : null}
          action={
            <Button variant="secondary" onClick={() => setDialog("twoFactor")}>
              Configure
            </Button>
          }
        />
        <SecurityRow
          icon={MonitorSmartphone}
          title="Session Management"
          description="See where you are signed in and sign out other browsers."
          action={
            <Button variant="secondary" onClick={() => setDialog("sessions")}>
              View Sessions
            </Button>
          }
        />
        <SecurityRow
          icon={KeyRound}
          title="API Access"
          description="Create and revoke keys for scripts and integrations."
          action={
            <Button variant="secondary" onClick={() => setDialog("apiKeys")}>
              Manage Keys
            </Button>
          }
        />
      </Card>
      {can(user, "settings.aiReview") && <AiReviewSwitch />}
      <DangerZone />
      <TwoFactorDialog open={dialog === "twoFactor"} onOpenChange={setOpen("twoFactor")} />
      <SessionsDialog open={dialog === "sessions"} onOpenChange={setOpen("sessions")} />
      <ApiKeysDialog open={dialog === "apiKeys"} onOpenChange={setOpen("apiKeys")} />
    </div>
  );
}
