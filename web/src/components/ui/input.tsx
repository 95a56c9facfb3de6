import { forwardRef, type InputHTMLAttributes } from "react";
import clsx from "clsx";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      className={clsx(
        "block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs",
        "placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/25",
        "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
        "aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:outline-red-500/25",
        className,
      )}
      {...props}
    />
  );
});
