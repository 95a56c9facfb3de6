import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import clsx from "clsx";
import { Logo } from "./Logo";
import { LegalDisclaimer } from "./LegalDisclaimer";

interface AuthShellProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Shown above the title, centring the card's heading (status screens). */
  icon?: ReactNode;
}

/** The centred card used by sign-in, sign-up and e-mail verification. */
export function AuthShell({ title, description, children, footer, icon }: AuthShellProps) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="px-4 py-6 sm:px-8">
        <Link to="/" className="inline-block rounded-md" aria-label="ClauseWise home">
          <Logo />
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:pt-10">
        <div className="w-full max-w-md">
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            {icon && <div className="mb-4 flex justify-center">{icon}</div>}
            <h1 className={clsx("text-2xl font-semibold tracking-tight text-slate-900", icon && "text-center")}>{title}</h1>
            {description && (
              <div className={clsx("mt-1.5 text-sm text-slate-600", icon && "text-center")}>{description}</div>
            )}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
        </div>
      </main>
      <footer className="mx-auto max-w-2xl px-4 pb-8 text-center">
        <LegalDisclaimer />
      </footer>
    </div>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
      {children}
    </div>
  );
}
