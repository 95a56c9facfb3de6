import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button } from "./ui/button";
import { Logo } from "./Logo";
import { LegalDisclaimer } from "./LegalDisclaimer";

/** Spec §1: Sign In and Get Started send the browser to the server's sign-in entry. */
export function goToSignIn(): void {
  window.location.assign("/api/login");
}

export function PublicHeader({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="rounded-md" aria-label="ClauseWise home">
          <Logo />
        </Link>
        {signedIn ? null : (
          <Button variant="secondary" onClick={goToSignIn}>
            Sign In
          </Button>
        )}
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-[1fr_2fr]">
        <div className="space-y-2">
          <Logo />
          <p className="text-sm text-slate-500">Contract review for Canadian EPC companies.</p>
        </div>
        <div className="space-y-3 md:text-right">
          <nav aria-label="Legal" className="text-sm">
            <Link to="/terms" className="font-medium text-slate-700 hover:text-slate-900 hover:underline">
              Terms of Service
            </Link>
          </nav>
          <LegalDisclaimer />
          <p className="text-xs text-slate-500">© {new Date().getFullYear()} ClauseWise. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}

/** Header, content and footer for pages seen without signing in. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <PublicHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
