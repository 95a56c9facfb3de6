import { useId } from "react";
import { FolderOpen, Keyboard, Maximize, Minimize } from "lucide-react";
import { DropdownMenu } from "../components/ui/dropdown-menu";
import { useDesktopBridge } from "../desktop/bridge";
import { EDITOR_SHORTCUTS } from "./lib/shortcuts";

export interface DesktopHelperBarProps {
  /** Importing is for those who may format the document (as the toolbar's Import). */
  canImport: boolean;
  onOpenWord: () => void;
  onSaveWord: () => void;
  exporting: boolean;
  fullscreen: boolean;
  onFullscreen: () => void;
}

const barButton =
  "inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 [&_svg]:size-3.5";

/**
 * Spec §2 (Document editor): "In the desktop app a helper bar adds Files, Fullscreen, Minimize to
 * tray and a keyboard-shortcuts hover panel; in the browser only fullscreen toggles." Shown only
 * while the desktop bridge is on the window (the installed app). Minimize to tray needs a native
 * shell and is left out (docs/DECISIONS.md).
 */
export function DesktopHelperBar(props: DesktopHelperBarProps) {
  const bridge = useDesktopBridge();
  const panelId = useId();
  if (!bridge) return null;
  return (
    <div role="toolbar" aria-label="Desktop helper bar" className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 px-3 py-1 print:hidden">
      <DropdownMenu
        align="start"
        trigger={
          <button type="button" className={barButton}>
            <FolderOpen aria-hidden="true" />
            Files
          </button>
        }
        items={[
          ...(props.canImport ? [{ label: "Open Word document…", onSelect: props.onOpenWord }] : []),
          { label: "Save as Word document…", onSelect: props.onSaveWord, disabled: props.exporting },
        ]}
      />
      <button type="button" className={barButton} aria-pressed={props.fullscreen} onClick={props.onFullscreen}>
        {props.fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
        {props.fullscreen ? "Exit fullscreen" : "Fullscreen"}
      </button>
      {/* The hover panel: shown on hover and on keyboard focus, described to screen readers. */}
      <div className="group relative">
        <button type="button" className={barButton} aria-describedby={panelId}>
          <Keyboard aria-hidden="true" />
          Keyboard shortcuts
        </button>
        <div
          id={panelId}
          role="tooltip"
          aria-label="Keyboard shortcuts"
          className="invisible absolute top-full left-0 z-50 mt-1 w-80 rounded-lg border border-slate-200 bg-white p-3 text-xs text-slate-700 opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
        >
          {EDITOR_SHORTCUTS.map((group) => (
            <section key={group.title} className="mb-2 last:mb-0">
              <h3 className="mb-1 font-semibold text-slate-900">{group.title}</h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                {group.items.map((item) => (
                  <div key={item.keys} className="contents">
                    <dt>
                      <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-[0.6875rem]">{item.keys}</kbd>
                    </dt>
                    <dd>{item.action}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
