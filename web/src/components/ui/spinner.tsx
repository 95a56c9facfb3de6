import { LoaderCircle } from "lucide-react";
import clsx from "clsx";

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={clsx("animate-spin text-brand-700", className ?? "size-5")} />;
}

/** A centred spinner with a visible label, for whole screens and panes that are loading. */
export function LoadingState({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={clsx("flex flex-col items-center justify-center gap-3 text-slate-500", className)}>
      <Spinner className="size-7" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx("animate-pulse rounded bg-slate-200/80", className)} />;
}
