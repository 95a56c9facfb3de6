import { SETTINGS_MESSAGES } from "@clausewise/shared";
import { errorText, isUnauthorizedError } from "../../api/client";
import { toast } from "../../stores/toast";

/** Spec §8: a failed save is a destructive 'Update Failed' toast with the server's message (a 401 has its own toast). */
export function toastFailure(error: unknown, fallback: string, title: string = SETTINGS_MESSAGES.updateFailed): void {
  if (isUnauthorizedError(error)) return;
  toast({ title, description: errorText(error, fallback), variant: "destructive" });
}

export const SectionTitle = ({ title, description }: { title: string; description?: string }) => (
  <div className="mb-4">
    <h2 className="text-base font-semibold text-slate-900">{title}</h2>
    {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
  </div>
);
