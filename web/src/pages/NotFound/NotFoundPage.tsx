import { Link } from "react-router-dom";
import { FileX } from "lucide-react";
import { buttonClasses } from "../../components/ui/button";
import { useDocumentTitle } from "../../lib/hooks";

/** Spec §2: '404 Page Not Found'; the short hint for developers shows in development builds only (issue 17). */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="flex min-h-[70vh] flex-1 items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <FileX aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-slate-600">The page you are looking for does not exist or has moved.</p>
        {import.meta.env.DEV && (
          <p className="mt-4 rounded-md bg-slate-50 px-3 py-2 text-left font-mono text-xs text-slate-500">
            Developer hint: is this path registered in <code>web/src/routes.tsx</code>?
          </p>
        )}
        <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
          Back to home
        </Link>
      </div>
    </div>
  );
}
