import { forwardRef, type SelectHTMLAttributes } from "react";
import { ChevronDown } from "lucide-react";
import clsx from "clsx";

/**
 * The browser's own select, styled like Input: for forms inside dialogs where a placeholder option
 * ("choose one") must stay selectable and the value must read back as "" until the user picks.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function NativeSelect(
  { className, children, ...props },
  ref,
) {
  return (
    <div className={clsx("relative", className)}>
      <select
        ref={ref}
        className={clsx(
          "block h-10 w-full appearance-none rounded-md border border-slate-300 bg-white py-0 pr-9 pl-3 text-sm text-slate-900 shadow-xs",
          "focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/25",
          "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
          "aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:outline-red-500/25",
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
});
