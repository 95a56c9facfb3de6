import { forwardRef, type TextareaHTMLAttributes } from "react";
import clsx from "clsx";

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      className={clsx(
        "block min-h-20 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs",
        "placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/25",
        "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
        "aria-[invalid=true]:border-red-500",
        className,
      )}
      {...props}
    />
  );
});
