import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { FileDown, FileUp, LoaderCircle, Maximize, Minimize, Paintbrush, Printer, Redo2, Save, TextSearch, Undo2, ZoomIn, ZoomOut } from "lucide-react";
import { ZOOM } from "../lib/constants";
import { canZoomIn, canZoomOut, zoomIn, zoomOut } from "../lib/zoom";
import { Toolbar, ToolbarButton, ToolbarGroup, ToolbarSelect } from "./primitives";

const ZOOM_LEVELS = Array.from({ length: (ZOOM.max - ZOOM.min) / ZOOM.step + 1 }, (_, i) => ZOOM.min + i * ZOOM.step);

export interface DocumentToolbarProps {
  editor: Editor;
  /** The user may create version checkpoints (Save, auto-save). */
  canCheckpoint: boolean;
  /** The user may change the document now (undo/redo, import, styles). */
  canEdit: boolean;
  /** Direct edits (not suggestions): Word import and styles. */
  canFormat: boolean;
  saving: boolean;
  autoSave: boolean;
  onSave: () => void;
  onAutoSaveChange: (on: boolean) => void;
  findOpen: boolean;
  onFind: () => void;
  onPrint: () => void;
  onImport: () => void;
  onExport: () => void;
  exporting: boolean;
  onStyles: () => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  fullscreen: boolean;
  onFullscreen: () => void;
}

/** Spec §9 toolbar, document half: checkpoints, history, find, print, Word, styles, zoom, fullscreen. */
export function DocumentToolbar(props: DocumentToolbarProps) {
  const { editor, canCheckpoint, canEdit, canFormat, zoom } = props;
  const history = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ undo: e.isEditable && e.can().undo(), redo: e.isEditable && e.can().redo() }),
  });

  return (
    <Toolbar label="Document" className="px-2 py-1.5">
      {canCheckpoint && (
        <ToolbarGroup label="Versions">
          <ToolbarButton
            label={props.saving ? "Saving..." : "Save"}
            showLabel
            shortcut="Ctrl+S"
            hint="Edits are saved automatically as you type. Save creates a version checkpoint you can return to."
            onClick={props.onSave}
            disabled={props.saving}
          >
            {props.saving ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
          </ToolbarButton>
          <ToolbarButton
            label={props.autoSave ? "Auto-save ON" : "Auto-save OFF"}
            showLabel
            pressed={props.autoSave}
            hint="Every 30 seconds, create a version checkpoint if you changed the document."
            onClick={() => props.onAutoSaveChange(!props.autoSave)}
            className="text-xs"
          />
        </ToolbarGroup>
      )}
      {canEdit && (
        <ToolbarGroup label="History">
          <ToolbarButton label="Undo" shortcut="Ctrl+Z" hint="Undo your last change (other people's changes stay)" disabled={!history.undo} onClick={() => editor.chain().focus().undo().run()}>
            <Undo2 aria-hidden="true" />
          </ToolbarButton>
          <ToolbarButton label="Redo" shortcut="Ctrl+Y" hint="Redo your last undone change" disabled={!history.redo} onClick={() => editor.chain().focus().redo().run()}>
            <Redo2 aria-hidden="true" />
          </ToolbarButton>
        </ToolbarGroup>
      )}
      <ToolbarGroup label="Tools">
        <ToolbarButton label={canEdit ? "Find and replace" : "Find"} shortcut="Ctrl+F" pressed={props.findOpen} onClick={props.onFind}>
          <TextSearch aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Print" shortcut="Ctrl+P" onClick={props.onPrint}>
          <Printer aria-hidden="true" />
        </ToolbarButton>
        {canFormat && (
          <ToolbarButton label="Import Word document" hint="Import a Word document (.docx)" onClick={props.onImport}>
            <FileUp aria-hidden="true" />
          </ToolbarButton>
        )}
        <ToolbarButton label="Export to Word" hint="Download the document as a Word file (.docx)" onClick={props.onExport} disabled={props.exporting}>
          {props.exporting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <FileDown aria-hidden="true" />}
        </ToolbarButton>
        {canFormat && (
          <ToolbarButton label="Styles" showLabel hint="Document Styles: predefined and custom styles" onClick={props.onStyles}>
            <Paintbrush aria-hidden="true" />
          </ToolbarButton>
        )}
      </ToolbarGroup>
      <ToolbarGroup label="View">
        <ToolbarButton label="Zoom out" disabled={!canZoomOut(zoom)} onClick={() => props.onZoom(zoomOut(zoom))}>
          <ZoomOut aria-hidden="true" />
        </ToolbarButton>
        <ToolbarSelect label="Zoom" value={zoom} onChange={(e) => props.onZoom(Number(e.target.value))} className="w-20">
          {ZOOM_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}%
            </option>
          ))}
        </ToolbarSelect>
        <ToolbarButton label="Zoom in" disabled={!canZoomIn(zoom)} onClick={() => props.onZoom(zoomIn(zoom))}>
          <ZoomIn aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label={props.fullscreen ? "Exit fullscreen" : "Fullscreen"} shortcut="F11" pressed={props.fullscreen} onClick={props.onFullscreen}>
          {props.fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
        </ToolbarButton>
      </ToolbarGroup>
    </Toolbar>
  );
}
