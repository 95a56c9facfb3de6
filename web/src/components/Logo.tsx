import clsx from "clsx";

export function LogoMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={clsx("shrink-0", className ?? "size-8")}>
      <rect width="32" height="32" rx="7" className={inverted ? "fill-brand-600" : "fill-brand-700"} />
      <path d="M10 8h8l5 5v11a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" className="fill-white" />
      <path
        d="M12.5 18.5l2.5 2.5 5-5"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={inverted ? "stroke-brand-600" : "stroke-brand-700"}
      />
    </svg>
  );
}

/** The ClauseWise mark and word. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={clsx("inline-flex items-center gap-2.5", className)}>
      <LogoMark inverted={inverted} />
      <span className={clsx("text-lg font-semibold tracking-tight", inverted ? "text-white" : "text-slate-900")}>
        ClauseWise
      </span>
    </span>
  );
}
