import { Eye } from "lucide-react";
import { useCurrentUser } from "../../api/auth";
import { useContractViewing } from "../../stores/presence";

/**
 * Who else has this contract open now (the push socket's presence, stores/presence.ts). Nothing
 * while the user is alone on it or the socket has not said yet.
 */
export function ViewingNow({ contractId }: { contractId: string }) {
  const me = useCurrentUser().data?.id;
  const others = useContractViewing(contractId).filter((viewer) => viewer.id !== me);
  // Until the user is known, they could be listed as someone else.
  if (!me || others.length === 0) return null;
  return (
    <p aria-live="polite" data-testid="viewing-now" className="flex items-start gap-1.5 text-xs text-slate-600">
      <Eye aria-hidden="true" className="mt-px size-3.5 shrink-0 text-slate-400" />
      <span>
        <span className="font-medium text-slate-700">Viewing now:</span> {others.map((viewer) => viewer.name).join(", ")}
      </span>
    </p>
  );
}
