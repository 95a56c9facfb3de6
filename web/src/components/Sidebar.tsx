import { Link, useLocation } from "react-router-dom";
import { ChartColumn, CreditCard, FileText, LifeBuoy, LogOut, ScrollText, Settings, ShieldCheck, Users, type LucideIcon } from "lucide-react";
import clsx from "clsx";
import type { CurrentUser } from "@clausewise/shared";
import { avatarInitial, displayName, roleLabel } from "../lib/user";
import { Avatar } from "./ui/avatar";
import { LogoMark } from "./Logo";

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Also highlighted on these pages and below them: every page of the app belongs to one item. */
  alsoActiveOn?: string[];
}

/** Spec §2 "Sidebar": Billing Admin only for admins (by role, or by the server's billing.admin ability). */
export function sidebarItems(user: Pick<CurrentUser, "role" | "abilities"> | null | undefined): NavItem[] {
  const showBilling = user?.role === "admin" || user?.abilities["billing.admin"] === true;
  return [
    { label: "Contracts", to: "/", icon: FileText, alsoActiveOn: ["/contracts", "/jurisdictional-analysis"] },
    { label: "Team", to: "/team", icon: Users },
    { label: "Analytics", to: "/analytics", icon: ChartColumn },
    ...(user?.abilities["audit.view"] ? [{ label: "Audit Log", to: "/audit-log", icon: ScrollText }] : []),
    ...(showBilling ? [{ label: "Billing Admin", to: "/billing-admin", icon: CreditCard }] : []),
    { label: "Support", to: "/support", icon: LifeBuoy, alsoActiveOn: ["/terms"] },
    // The plan, the subscription and notification preferences are reached from Settings.
    { label: "Settings", to: "/settings", icon: Settings, alsoActiveOn: ["/pricing", "/subscription", "/notification-preferences"] },
  ];
}

const within = (pathname: string, page: string) => pathname === page || pathname.startsWith(`${page}/`);

function isActive(item: NavItem, pathname: string): boolean {
  if (item.alsoActiveOn?.some((page) => within(pathname, page))) return true;
  return item.to === "/" ? pathname === "/" : within(pathname, item.to);
}

export function logout(): void {
  window.location.assign("/api/logout");
}

export function Sidebar({ user, className }: { user: CurrentUser | null | undefined; className?: string }) {
  const { pathname } = useLocation();
  const name = displayName(user);

  return (
    <div className={clsx("flex h-full w-64 flex-col bg-slate-900 text-slate-300", className)}>
      <div className="flex items-center gap-3 px-5 pt-5 pb-6">
        <LogoMark inverted className="size-9" />
        <div className="min-w-0">
          <p className="text-base leading-tight font-semibold tracking-tight text-white">ClauseWise</p>
          <p className="text-xs text-slate-400">{user?.companyId ? "Secure Platform" : "Loading..."}</p>
        </div>
      </div>

      <nav aria-label="Main" className="flex-1 px-3">
        <ul className="space-y-0.5">
          {sidebarItems(user).map((item) => {
            const active = isActive(item, pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={active ? "page" : undefined}
                  className={clsx(
                    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300",
                    active
                      ? "bg-slate-800 text-white shadow-[inset_3px_0_0_var(--color-brand-500)]"
                      : "text-slate-300 hover:bg-slate-800/60 hover:text-white",
                  )}
                >
                  <item.icon aria-hidden="true" className="size-4.5 shrink-0" />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mx-3 mb-3 flex items-center gap-2 rounded-md bg-emerald-500/10 px-3 py-2 text-xs font-medium text-emerald-300">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        Secure Session Active
      </div>

      <div className="flex items-center gap-3 border-t border-slate-800 px-4 py-4">
        <Avatar src={user?.profileImageUrl} initial={avatarInitial(user)} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-white" title={name}>
            {name}
          </p>
          <p className="truncate text-xs text-slate-400">{roleLabel(user?.role)}</p>
        </div>
        <button
          type="button"
          onClick={logout}
          aria-label="Log out"
          title="Log out"
          className="rounded-md p-2 text-slate-400 transition-colors hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300"
        >
          <LogOut aria-hidden="true" className="size-4.5" />
        </button>
      </div>
    </div>
  );
}
