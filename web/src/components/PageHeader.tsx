import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ChevronRight } from "lucide-react";

export interface Crumb {
  label: string;
  to?: string;
}

/** Billing spec §2: every page has a breadcrumb starting with a Dashboard link to /. */
export function Breadcrumb({ items, rootLabel = "Dashboard" }: { items: Crumb[]; rootLabel?: string }) {
  const all: Crumb[] = [{ label: rootLabel, to: "/" }, ...items];
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-500">
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <li key={`${crumb.label}-${index}`} className="flex items-center gap-1.5">
              {index > 0 && <ChevronRight aria-hidden="true" className="size-3.5 text-slate-500" />}
              {crumb.to && !last ? (
                <Link to={crumb.to} className="rounded hover:text-slate-900 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className={last ? "font-medium text-slate-800" : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface PageHeaderProps {
  title: string;
  description?: string;
  breadcrumb?: Crumb[];
  /** First breadcrumb: 'Dashboard' when signed in, 'Home' on public pages. */
  rootLabel?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, description, breadcrumb, rootLabel, actions }: PageHeaderProps) {
  return (
    <header className="border-b border-slate-200 bg-white px-4 py-5 sm:px-8">
      <Breadcrumb items={breadcrumb ?? [{ label: title }]} rootLabel={rootLabel} />
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
