import { CircleCheck, FileText, TriangleAlert } from "lucide-react";

function Lines({ widths }: { widths: string[] }) {
  return (
    <div className="space-y-2">
      {widths.map((w, i) => (
        <div key={i} className="h-2 rounded-full bg-slate-200" style={{ width: w }} />
      ))}
    </div>
  );
}

/** Decorative sketch of a contract under review; hidden from assistive technology. */
export function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="absolute -inset-6 rounded-3xl bg-brand-500/10 blur-2xl" />
      <div className="relative rounded-2xl border border-white/10 bg-white p-6 shadow-2xl">
        <div className="flex items-center gap-3 border-b border-slate-100 pb-4">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <FileText className="size-4.5" />
          </span>
          <div className="flex-1 space-y-1.5">
            <div className="h-2.5 w-40 rounded-full bg-slate-300" />
            <div className="h-2 w-24 rounded-full bg-slate-200" />
          </div>
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-[0.6875rem] font-medium text-amber-800 ring-1 ring-amber-200">
            Under Review
          </span>
        </div>
        <div className="mt-5 space-y-5">
          <Lines widths={["92%", "85%", "60%"]} />
          <div className="rounded-lg border-l-4 border-red-400 bg-red-50/70 p-3">
            <p className="flex items-center gap-1.5 text-xs font-semibold text-red-800">
              <TriangleAlert className="size-3.5" />
              Liquidated damages: uncapped
            </p>
            <div className="mt-2">
              <Lines widths={["88%", "70%"]} />
            </div>
          </div>
          <Lines widths={["95%", "78%"]} />
          <div className="rounded-lg border-l-4 border-emerald-400 bg-emerald-50/70 p-3">
            <p className="flex items-center gap-1.5 text-xs font-semibold text-emerald-800">
              <CircleCheck className="size-3.5" />
              Holdback release within statutory period
            </p>
            <div className="mt-2">
              <Lines widths={["82%"]} />
            </div>
          </div>
          <Lines widths={["90%", "45%"]} />
        </div>
      </div>
    </div>
  );
}
