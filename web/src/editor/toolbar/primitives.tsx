import { forwardRef, useEffect, useRef, type ButtonHTMLAttributes, type FocusEvent, type KeyboardEvent, type ReactNode, type SelectHTMLAttributes } from "react";
import clsx from "clsx";
import { Tooltip } from "../../components/ui/tooltip";

const ITEM_SELECTOR = "button:not([disabled]), select:not([disabled]), input:not([disabled]):not([type=hidden]):not([tabindex='-2'])";

/**
 * WAI-ARIA toolbar keyboard model: the toolbar is one Tab stop; Left/Right (Up/Down too) move
 * between its controls, Home/End jump to the ends, and the last control used keeps the stop.
 */
export function Toolbar({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);

  const items = () => Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  /** Gives `target` the toolbar's Tab stop (the others leave the Tab order). */
  const activate = (target: HTMLElement | undefined, all = items()) => {
    for (const el of all) {
      el.tabIndex = el === target ? 0 : -1;
      el.dataset.rovingActive = String(el === target);
    }
  };

  // Controls come and go with the selection and the mode: keep exactly one Tab stop.
  useEffect(() => {
    const all = items();
    activate(all.find((el) => el.dataset.rovingActive === "true") ?? all[0], all);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const index = all.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    // Selects use Up/Down for their options.
    const isSelect = (event.target as HTMLElement).tagName === "SELECT";
    let next: HTMLElement | undefined;
    if (event.key === "ArrowRight" || (event.key === "ArrowDown" && !isSelect)) next = all[(index + 1) % all.length];
    else if (event.key === "ArrowLeft" || (event.key === "ArrowUp" && !isSelect)) next = all[(index - 1 + all.length) % all.length];
    else if (event.key === "Home") next = all[0];
    else if (event.key === "End") next = all[all.length - 1];
    if (!next) return;
    event.preventDefault();
    activate(next, all);
    next.focus();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const all = items();
    if (all.includes(event.target as HTMLElement)) activate(event.target as HTMLElement, all);
  };

  return (
    <div ref={ref} role="toolbar" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown} onFocus={onFocus} className={clsx("flex flex-wrap items-center gap-0.5", className)}>
      {children}
    </div>
  );
}

export function ToolbarGroup({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div role="group" aria-label={label} className="flex items-center gap-0.5 border-r border-slate-200 pr-1.5 mr-1 last:mr-0 last:border-r-0 last:pr-0">
      {children}
    </div>
  );
}

interface ToolbarButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> {
  label: string;
  /** Shown in the tooltip, e.g. "Ctrl+B". */
  shortcut?: string;
  /** A toggle (bold, alignment…): announced as pressed or not. */
  pressed?: boolean;
  /** Tooltip text when it should say more than the label. */
  hint?: string;
  /** Show the label next to the icon. */
  showLabel?: boolean;
}

/** An icon button of the editor's toolbars. It keeps the editor's selection (no focus steal on mouse down). */
export const ToolbarButton = forwardRef<HTMLButtonElement, ToolbarButtonProps>(function ToolbarButton(
  { label, shortcut, pressed, hint, showLabel, className, children, onMouseDown, ...props },
  ref,
) {
  const button = (
    <button
      ref={ref}
      type="button"
      aria-label={showLabel ? undefined : label}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut ? shortcut.replace(/Ctrl/g, "Control") : undefined}
      onMouseDown={(event) => {
        event.preventDefault();
        onMouseDown?.(event);
      }}
      className={clsx(
        "inline-flex h-8 min-w-8 items-center justify-center gap-1.5 rounded-md px-1.5 text-sm text-slate-700 transition-colors",
        "hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
        "disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 aria-pressed:ring-1 aria-pressed:ring-brand-200",
        "[&_svg]:size-4 [&_svg]:shrink-0",
        showLabel && "px-2.5",
        className,
      )}
      {...props}
    >
      {children}
      {showLabel && <span>{label}</span>}
    </button>
  );
  const tip = [hint ?? (showLabel ? undefined : label), shortcut ? `(${shortcut})` : undefined].filter(Boolean).join(" ");
  return tip ? <Tooltip content={tip}>{button}</Tooltip> : button;
});

interface ToolbarSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "aria-label"> {
  label: string;
}

export function ToolbarSelect({ label, className, children, ...props }: ToolbarSelectProps) {
  return (
    <select
      aria-label={label}
      title={label}
      className={clsx(
        "h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 shadow-xs hover:border-slate-400",
        "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:opacity-40",
        className,
      )}
      {...props}
    >
      {children}
    </select>
  );
}
