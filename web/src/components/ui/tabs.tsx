import type { ReactNode } from "react";
import * as TabsPrimitive from "@radix-ui/react-tabs";
import clsx from "clsx";

export const Tabs = TabsPrimitive.Root;

export function TabsList({ children, className, label }: { children: ReactNode; className?: string; label: string }) {
  return (
    <TabsPrimitive.List aria-label={label} className={clsx("flex gap-1 border-b border-slate-200", className)}>
      {children}
    </TabsPrimitive.List>
  );
}

export function TabsTrigger({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <TabsPrimitive.Trigger
      value={value}
      className={clsx(
        "-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600",
        "hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800",
        "focus-visible:outline-2 focus-visible:outline-brand-600 [&_svg]:size-4",
        className,
      )}
    >
      {children}
    </TabsPrimitive.Trigger>
  );
}

/** `keepMounted`: the panel stays in the page while another tab shows (hidden), keeping what was typed in it. */
export function TabsContent({ value, children, className, keepMounted }: { value: string; children: ReactNode; className?: string; keepMounted?: boolean }) {
  return (
    <TabsPrimitive.Content
      value={value}
      forceMount={keepMounted || undefined}
      className={clsx("focus-visible:outline-none", keepMounted && "data-[state=inactive]:hidden", className)}
    >
      {children}
    </TabsPrimitive.Content>
  );
}
