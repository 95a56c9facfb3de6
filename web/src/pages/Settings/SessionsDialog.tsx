import { useRevokeOtherSessions, useRevokeSession, useSessions } from "../../api/settings";
import { LoadError } from "../../components/contract/QueryState";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { LoadingState } from "../../components/ui/spinner";
import { relativeTime } from "../../lib/relative-time";
import { toast } from "../../stores/toast";
import { toastFailure } from "./feedback";

/** A readable name for a browser from its user-agent string. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrome\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : null;
  const os = /Windows/.test(userAgent) ? "Windows" : /Mac OS X|Macintosh/.test(userAgent) ? "macOS" : /Android/.test(userAgent) ? "Android" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Linux/.test(userAgent) ? "Linux" : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}

/** Settings › Security › Session Management › View Sessions: where the user is signed in, with revoke. */
export function SessionsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const sessions = useSessions(open);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Active Sessions"
      description="Browsers where you are signed in. Revoke any you do not recognise."
      size="lg"
      footer={
        <>
          {others.length > 0 && (
            <Button
              variant="danger"
              disabled={revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: (res) => toast({ title: "Sessions Revoked", description: `Signed out of ${res.revoked} other session${res.revoked === 1 ? "" : "s"}.` }),
                  onError: (error) => toastFailure(error, "Failed to revoke sessions. Please try again."),
                })
              }
            >
              Sign Out All Other Sessions
            </Button>
          )}
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </>
      }
    >
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <LoadError what="Your sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul aria-label="Sessions" className="divide-y divide-slate-100">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="flex items-center gap-2 font-medium text-slate-900">
                  {deviceName(session.userAgent)}
                  {session.current && <Badge tone="success">This browser</Badge>}
                </p>
                <p className="text-slate-500">
                  {session.ip ?? "Unknown address"} · signed in {relativeTime(session.createdAt)} · last active {relativeTime(session.lastSeenAt)}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={`Revoke session ${deviceName(session.userAgent)} ${session.ip ?? ""}`.trim()}
                  onClick={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () => toast({ title: "Session Revoked", description: "That browser has been signed out." }),
                      onError: (error) => toastFailure(error, "Failed to revoke the session. Please try again."),
                    })
                  }
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
