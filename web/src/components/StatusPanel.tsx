import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import clsx from "clsx";

interface StatusPanelProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  tone?: "neutral" | "danger";
  className?: string;
  /** Heading level for the title; pages use h2 beneath their h1. */
  headingLevel?: "h2" | "h3";
}

/** A centred message with an icon: empty states, access restrictions, not-yet-available areas. */
export function StatusPanel({ icon: Icon, title, children, tone = "neutral", className, headingLevel = "h2" }: StatusPanelProps) {
  const Heading = headingLevel;
  return (
    <div className={clsx("flex flex-col items-center px-6 py-12 text-center", className)}>
      <span
        className={clsx(
          "mb-4 flex size-12 items-center justify-center rounded-full",
          tone === "danger" ? "bg-red-50 text-red-600" : "bg-slate-100 text-slate-500",
        )}
      >
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {children && <div className="mt-1.5 max-w-md text-sm text-slate-600">{children}</div>}
    </div>
  );
}
