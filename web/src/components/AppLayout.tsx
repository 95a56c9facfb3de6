import { Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import type { CurrentUser } from "@clausewise/shared";
import { Sidebar } from "./Sidebar";
import { Logo } from "./Logo";
import { LoadingState } from "./ui/spinner";
import { usePushes } from "../realtime/pushes";

/** The signed-in shell: a fixed sidebar on wide screens, a drawer behind a menu button on narrow ones. */
export function AppLayout({ user }: { user: CurrentUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  usePushes(Boolean(user.companyId));

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <div className="flex min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-screen shrink-0 lg:block">
        <Sidebar user={user} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
          <Logo />
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger
              aria-label="Open menu"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Menu aria-hidden="true" className="size-5" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 animate-fade-in" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 shadow-xl focus:outline-none">
                <Dialog.Title className="sr-only">Menu</Dialog.Title>
                <Dialog.Description className="sr-only">Main navigation</Dialog.Description>
                <Sidebar user={user} />
                <Dialog.Close
                  aria-label="Close menu"
                  className="absolute top-5 right-3 rounded-md p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white"
                >
                  <X aria-hidden="true" className="size-5" />
                </Dialog.Close>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>

        <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
          <Suspense fallback={<LoadingState className="flex-1 py-24" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
