import clsx from "clsx";
import type { AdminCompany } from "@clausewise/shared";
import { Badge, type BadgeTone } from "../../components/ui/badge";
import { titleCase } from "./format";

export const STATUS_TONES: Record<AdminCompany["accountStatus"], BadgeTone> = { active: "success", suspended: "danger", cancelled: "neutral" };

export function OverdueBadge({ days }: { days: number }) {
  return days > 0 ? <Badge tone="warning">{days}d Overdue</Badge> : null;
}

interface CompanyListProps {
  companies: AdminCompany[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Spec §9: the company list scrolls at a maximum height of 24rem. */
export function CompanyList({ companies, selectedId, onSelect }: CompanyListProps) {
  if (companies.length === 0) return <p className="p-4 text-sm text-slate-600">No companies yet.</p>;
  return (
    <ul aria-label="Companies" className="max-h-[24rem] divide-y divide-slate-100 overflow-y-auto">
      {companies.map((company) => (
        <li key={company.id}>
          <button
            type="button"
            aria-current={company.id === selectedId ? "true" : undefined}
            onClick={() => onSelect(company.id)}
            className={clsx("w-full px-4 py-3 text-left transition-colors", company.id === selectedId ? "bg-brand-50" : "hover:bg-slate-50")}
          >
            <span className="block truncate font-medium text-slate-900">{company.name}</span>
            <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
              <span>{titleCase(company.subscriptionPlan)}</span>
              <Badge tone={STATUS_TONES[company.accountStatus]}>{titleCase(company.accountStatus)}</Badge>
              <OverdueBadge days={company.paymentOverdueDays} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
