import clsx from "clsx";
import { Cloud, CloudUpload, Eye, FilePenLine, PenLine, WifiOff } from "lucide-react";
import { Tooltip } from "../components/ui/tooltip";
import { initials, type PresenceUser } from "./collab/presence";
import type { SessionSnapshot } from "./collab/session";

/** Like Google Docs: Editing (direct edits), Suggesting (tracked changes), Viewing. */
export type EditorMode = "view" | "suggest" | "edit";

interface ModeToggleProps {
  mode: EditorMode;
  /** The modes this user may choose besides View Mode: reviewers suggest only (the server enforces it). */
  modes: readonly Exclude<EditorMode, "view">[];
  onChange: (mode: EditorMode) => void;
  /** Why typing cannot be entered now (the other buttons show, disabled, with this as their hint). */
  unavailable?: string;
}

const MODE_BUTTONS = [
  { value: "edit" as const, label: "Editing Mode", icon: PenLine, hint: "Edit the document directly." },
  { value: "suggest" as const, label: "Suggesting", icon: FilePenLine, hint: "Edits become suggestions that an approver accepts or rejects." },
  { value: "view" as const, label: "View Mode", icon: Eye, hint: "Read without changing anything." },
];

/** Spec §2: 'View Mode' / 'Editing Mode', and Suggesting (issue 14), shown only to users who may edit or suggest. */
export function ModeToggle({ mode, modes, onChange, unavailable }: ModeToggleProps) {
  const options = MODE_BUTTONS.filter(({ value }) => value === "view" || modes.includes(value));
  return (
    <div role="group" aria-label="Editor mode" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-xs">
      {options.map(({ value, label, icon: Icon, hint }) => {
        const disabled = value !== "view" && Boolean(unavailable);
        const button = (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            aria-disabled={disabled || undefined}
            title={disabled ? undefined : hint}
            onClick={() => !disabled && onChange(value)}
            className={clsx(
              "inline-flex h-7 items-center gap-1.5 rounded px-2.5 text-sm font-medium transition-colors [&_svg]:size-3.5",
              "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
              mode === value ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100",
              disabled && "cursor-not-allowed opacity-50",
            )}
          >
            <Icon aria-hidden="true" />
            {label}
          </button>
        );
        return disabled ? (
          <Tooltip key={value} content={unavailable}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </div>
  );
}

const CONNECTION_TEXT: Record<SessionSnapshot["connection"], { label: string; hint: string; tone: string }> = {
  local: { label: "Local", hint: "Not connected to the server.", tone: "bg-slate-400" },
  connecting: { label: "Connecting...", hint: "Connecting to the live document.", tone: "bg-amber-500" },
  live: { label: "Live", hint: "Connected: everyone in the document sees changes as they are made.", tone: "bg-emerald-500" },
  offline: {
    label: "Offline",
    hint: "The connection dropped. Your edits stay in this tab and are sent when it reconnects; keep this tab open until it says Saved.",
    tone: "bg-red-500",
  },
  closed: { label: "Disconnected", hint: "The live connection was closed.", tone: "bg-slate-400" },
};

/** Connection (connecting / live / offline) and whether this tab's edits reached the server. */
export function ConnectionStatus({ snapshot }: { snapshot: SessionSnapshot }) {
  const connection = CONNECTION_TEXT[snapshot.connection];
  const saving = snapshot.delivery === "saving";
  const SaveIcon = saving ? (snapshot.connection === "offline" ? WifiOff : CloudUpload) : Cloud;
  return (
    <div className="flex items-center gap-3 text-xs text-slate-600">
      <Tooltip content={connection.hint}>
        <span tabIndex={0} className="inline-flex items-center gap-1.5 rounded focus-visible:outline-2 focus-visible:outline-brand-600">
          <span aria-hidden="true" className={clsx("size-2 rounded-full", connection.tone)} />
          {/* Announced when it changes; the frequent Saving.../Saved flips are not. */}
          <span role="status" aria-label={`Connection: ${connection.label}`}>
            {connection.label}
          </span>
        </span>
      </Tooltip>
      {snapshot.connection !== "local" && snapshot.loaded && (
        <span className={clsx("inline-flex items-center gap-1", saving && "text-amber-700")} data-testid="save-state">
          {/* No spinner: an animated icon needs a new frame of the page 60 times a second for as long as someone types. */}
          <SaveIcon aria-hidden="true" className="size-3.5" />
          {saving ? "Saving..." : "Saved"}
        </span>
      )}
    </div>
  );
}

const MAX_AVATARS = 5;

/** Who is in the document now (presence from awareness), the current user first. */
export function PresenceList({ people }: { people: PresenceUser[] }) {
  const shown = people.slice(0, MAX_AVATARS);
  const hidden = people.slice(MAX_AVATARS);
  return (
    <ul aria-label="People in this document" className="flex items-center -space-x-1.5">
      {shown.map((person) => {
        const name = person.isSelf ? `${person.name} (you)` : person.name;
        return (
          <li key={person.id}>
            <Tooltip content={name}>
              <span
                role="img"
                tabIndex={0}
                aria-label={name}
                className="flex size-7 items-center justify-center rounded-full text-[0.6875rem] font-semibold text-white ring-2 ring-white focus-visible:outline-2 focus-visible:outline-brand-600"
                style={{ backgroundColor: person.color }}
              >
                <span aria-hidden="true">{initials(person.name)}</span>
              </span>
            </Tooltip>
          </li>
        );
      })}
      {hidden.length > 0 && (
        <li>
          <Tooltip content={hidden.map((p) => p.name).join(", ")}>
            <span role="img" tabIndex={0} aria-label={`${hidden.length} more: ${hidden.map((p) => p.name).join(", ")}`} className="flex size-7 items-center justify-center rounded-full bg-slate-200 text-[0.6875rem] font-semibold text-slate-700 ring-2 ring-white">
              +{hidden.length}
            </span>
          </Tooltip>
        </li>
      )}
    </ul>
  );
}
