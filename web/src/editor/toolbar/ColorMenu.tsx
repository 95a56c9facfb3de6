import { useRef, type ReactNode } from "react";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import { Tooltip } from "../../components/ui/tooltip";

export interface NamedColor {
  name: string;
  value: string;
}

export const TEXT_COLORS: readonly NamedColor[] = [
  { name: "Black", value: "#000000" },
  { name: "Dark grey", value: "#475569" },
  { name: "Red", value: "#b91c1c" },
  { name: "Orange", value: "#c2410c" },
  { name: "Brown", value: "#92400e" },
  { name: "Green", value: "#15803d" },
  { name: "Teal", value: "#0f766e" },
  { name: "Blue", value: "#1d4ed8" },
  { name: "Purple", value: "#6d28d9" },
  { name: "Pink", value: "#be185d" },
];

export const BACKGROUND_COLORS: readonly NamedColor[] = [
  { name: "Yellow", value: "#fef08a" },
  { name: "Light green", value: "#bbf7d0" },
  { name: "Light blue", value: "#bfdbfe" },
  { name: "Light pink", value: "#fbcfe8" },
  { name: "Light orange", value: "#fed7aa" },
  { name: "Light purple", value: "#ddd6fe" },
  { name: "Light grey", value: "#e2e8f0" },
  { name: "Light red", value: "#fecaca" },
  { name: "Light teal", value: "#99f6e4" },
  { name: "Cream", value: "#fef3c7" },
];

interface ColorMenuProps {
  label: string;
  icon: ReactNode;
  colors: readonly NamedColor[];
  /** The colour of the selection, if it has one. */
  current: string | undefined;
  resetLabel: string;
  onPick: (color: string) => void;
  onReset: () => void;
  disabled?: boolean;
}

/** A toolbar button opening a palette of named colours, "Custom colour…" (the system picker) and a reset. */
export function ColorMenu({ label, icon, colors, current, resetLabel, onPick, onReset, disabled }: ColorMenuProps) {
  const custom = useRef<HTMLInputElement>(null);
  const normalized = current?.toLowerCase();
  return (
    <>
      <Menu.Root modal={false}>
        <Tooltip content={label}>
          <Menu.Trigger
            disabled={disabled}
            aria-label={label}
            onMouseDown={(e) => e.preventDefault()}
            className="relative inline-flex h-8 min-w-8 items-center justify-center rounded-md px-1.5 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:opacity-40 [&_svg]:size-4"
          >
            {icon}
            <span aria-hidden="true" className="absolute inset-x-1.5 bottom-1 h-0.5 rounded" style={{ backgroundColor: current ?? "transparent" }} />
          </Menu.Trigger>
        </Tooltip>
        <Menu.Portal>
          <Menu.Content
            align="start"
            sideOffset={4}
            onCloseAutoFocus={(e) => e.preventDefault()}
            className="z-50 w-52 rounded-md border border-slate-200 bg-white p-2 shadow-lg animate-fade-in"
          >
            <Menu.Label className="px-1 pb-1.5 text-xs font-medium text-slate-500">{label}</Menu.Label>
            <div className="grid grid-cols-5 gap-1.5">
              {colors.map((color) => (
                <Menu.Item
                  key={color.value}
                  aria-label={color.name}
                  title={color.name}
                  onSelect={() => onPick(color.value)}
                  className="relative flex size-8 cursor-pointer items-center justify-center rounded border border-slate-300 outline-none data-[highlighted]:ring-2 data-[highlighted]:ring-brand-600"
                  style={{ backgroundColor: color.value }}
                >
                  {normalized === color.value && <Check aria-hidden="true" className="size-4 text-white mix-blend-difference" />}
                </Menu.Item>
              ))}
            </div>
            <Menu.Separator className="my-2 h-px bg-slate-200" />
            <Menu.Item onSelect={() => custom.current?.click()} className="cursor-pointer rounded px-2 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
              Custom colour...
            </Menu.Item>
            <Menu.Item onSelect={onReset} className="cursor-pointer rounded px-2 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
              {resetLabel}
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <input
        ref={custom}
        type="color"
        tabIndex={-2}
        aria-hidden="true"
        className="sr-only"
        value={current && /^#[0-9a-f]{6}$/i.test(current) ? current : "#000000"}
        onChange={(e) => onPick(e.target.value)}
      />
    </>
  );
}
