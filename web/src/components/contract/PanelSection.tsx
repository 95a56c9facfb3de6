import { useId, type ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import clsx from "clsx";
import { Card } from "../ui/card";

interface PanelSectionProps {
  title: string;
  icon: LucideIcon;
  /** Next to the title: a count, a button. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One titled card of the contract side panels, a landmark named by its heading. */
export function PanelSection({ title, icon: Icon, aside, children, className }: PanelSectionProps) {
  const headingId = useId();
  return (
    <Card className={clsx("overflow-hidden", className)}>
      <section aria-labelledby={headingId}>
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 id={headingId} className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            <span className="truncate">{title}</span>
          </h2>
          {aside}
        </div>
        <div className="space-y-4 p-4">{children}</div>
      </section>
    </Card>
  );
}

/** A titled group inside a PanelSection. */
export function PanelSubsection({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
        {count !== undefined && (
          <span className="rounded-full bg-slate-100 px-1.5 py-px text-[0.7rem] font-semibold text-slate-600 normal-case">{count}</span>
        )}
      </h3>
      {children}
    </div>
  );
}

/** Quiet one-line text for an empty list or a section that has nothing yet. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-200 px-3 py-3 text-center text-xs text-slate-500">{children}</p>;
}
