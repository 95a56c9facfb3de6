import type { ReactNode } from "react";
import clsx from "clsx";

/** The plain table of Team, Analytics and the Audit Log; `numeric` columns (and Actions) align right. */
export function Table({ label, columns, numeric = [], children }: { label: string; columns: string[]; numeric?: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={clsx("px-3 py-2", (c === "Actions" || numeric.includes(c)) && "text-right")}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export const Cell = ({ children, className }: { children: ReactNode; className?: string }) => (
  <td className={clsx("px-3 py-2.5 align-middle", className)}>{children}</td>
);

export function Section({ title, description, action, children }: { title: string; description?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
