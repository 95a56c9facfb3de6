import { Bell, CircleCheck, ClipboardCheck, FileText, MessageSquare, type LucideIcon } from "lucide-react";
import type { NotificationType } from "@clausewise/shared";

interface TypeMeta {
  label: string;
  Icon: LucideIcon;
  /** Colours of the round icon badge. */
  tone: string;
}

const TYPES: Record<NotificationType, TypeMeta> = {
  contract_assigned: { label: "Contract assigned", Icon: FileText, tone: "bg-brand-100 text-brand-700" },
  markup_added: { label: "Markup added", Icon: MessageSquare, tone: "bg-amber-100 text-amber-700" },
  approval_required: { label: "Approval required", Icon: ClipboardCheck, tone: "bg-violet-100 text-violet-700" },
  contract_completed: { label: "Contract completed", Icon: CircleCheck, tone: "bg-emerald-100 text-emerald-700" },
  other: { label: "General", Icon: Bell, tone: "bg-slate-100 text-slate-600" },
};

/** The label and icon of a notification type; a type this build does not know reads as 'General'. */
export function notificationType(type: string): TypeMeta {
  return TYPES[type as NotificationType] ?? TYPES.other;
}
