import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Node as PMNode } from "@tiptap/pm/model";
import type { Editor } from "@tiptap/core";
import { useEditor, useEditorState } from "@tiptap/react";
import clsx from "clsx";
import { format } from "date-fns";
import { isTextLocked, type CollabMode, type ContractDetail } from "@clausewise/shared";
import { Badge } from "../components/ui/badge";
import { useDocumentPresence } from "../stores/presence";
import { toast } from "../stores/toast";
import type { CloseReason } from "./collab/close-reasons";
import type { CollabSession, SessionSnapshot, SessionUser } from "./collab/session";
import { applyStyle, clearFormatting, insertLink, linkDraft, removeLink } from "./commands";
import { ImportDialog } from "./dialogs/ImportDialog";
import { LinkDialog } from "./dialogs/LinkDialog";
import { StylesDialog } from "./dialogs/StylesDialog";
import { TableDialog } from "./dialogs/TableDialog";
import { VideoDialog } from "./dialogs/VideoDialog";
import { ConnectionStatus, ModeToggle, PresenceList, type EditorMode } from "./EditorStatus";
import { resolveExtraExtensions, SUGGESTION_TRACKING_EXTENSION, type ExtraExtensions } from "./extension-points";
import { buildExtensions } from "./extensions";
import { EditorCanvas } from "./EditorCanvas";
import { EditorNotices } from "./EditorNotices";
import { LockedNotice } from "./LockedNotice";
import { FindReplacePanel } from "./FindReplacePanel";
import { SuggestionBar } from "./SuggestionBar";
import { TrackChangesBar } from "./TrackChangesBar";
import { isSuggesting, setSuggesting } from "./suggestions";
import { useCheckpoints } from "./hooks/useCheckpoints";
import { useDocumentFiles } from "./hooks/useDocumentFiles";
import { useEditorMode } from "./hooks/useEditorMode";
import { useEditorShortcuts } from "./hooks/useEditorShortcuts";
import { useFullscreen } from "./hooks/useFullscreen";
import { usePrint } from "./hooks/usePrint";
import { DOCX_MIME, ZOOM } from "./lib/constants";
import { LIVE_EDIT_BUDGET_BYTES, utf8Size } from "./lib/files";
import { countWords } from "./lib/word-count";
import { clampZoom } from "./lib/zoom";
import { DocumentToolbar } from "./toolbar/DocumentToolbar";
import { DesktopHelperBar } from "./DesktopHelperBar";
import { FormattingToolbar } from "./toolbar/FormattingToolbar";

/** The server's connection mode for these abilities (realtime/src/collab/access.ts decides the same way). */
export function collabModeFor(abilities: ContractDetail["abilities"]): CollabMode {
  if (abilities.edit) return "read-write";
  if (abilities.suggest) return "suggest";
  return "read-only";
}

/**
 * Word counts per top-level block. ProseMirror keeps the node of every block a keystroke did not
 * touch, so after an edit only the edited block is counted again, not the whole contract (a 300-page
 * document was re-counted on every key).
 */
const wordCounts = new WeakMap<PMNode, number>();
function wordsIn(doc: PMNode): number {
  let total = 0;
  doc.forEach((block) => {
    let count = wordCounts.get(block);
    if (count === undefined) {
      count = countWords(block.textBetween(0, block.content.size, " ", " "));
      wordCounts.set(block, count);
    }
    total += count;
  });
  return total;
}

/**
 * The status bar's word count. Its own component, so that a word typed re-renders this span and not
 * the whole editor (toolbars, bars, dialogs): that re-render fell on one key in every word.
 */
function WordCount({ editor }: { editor: Editor }) {
  const words = useEditorState({ editor, selector: ({ editor: e }) => wordsIn(e.state.doc) });
  return (
    <span data-testid="word-count">
      {words.toLocaleString()} {words === 1 ? "word" : "words"}
    </span>
  );
}

type OpenDialog = { kind: "link"; draft: { url: string; text: string; editing: boolean } } | { kind: "table" } | { kind: "video" } | { kind: "styles" } | null;

export interface DocumentEditorProps {
  session: CollabSession;
  snapshot: SessionSnapshot;
  contract: ContractDetail;
  user: SessionUser;
  extraExtensions?: ExtraExtensions;
  /** Why the editor was reloaded (a refused edit), shown until dismissed. */
  notice?: CloseReason | null;
  onDismissNotice?: () => void;
  /** The server closed the connection because the text is locked, before the page learned the new status. */
  lockedByServer?: boolean;
}

/** The editor of one live session: toolbars, the page, find/replace, dialogs and status. */
export function DocumentEditor({ session, snapshot, contract, user, extraExtensions, notice, onDismissNotice, lockedByServer }: DocumentEditorProps) {
  // Approval locks the text (issue 14): the server's connection is read-only then, and so is the editor.
  const locked = isTextLocked(contract.status) || Boolean(lockedByServer);
  const abilityMode = collabModeFor(contract.abilities);
  const collabMode = locked ? "read-only" : abilityMode;
  const { extensions, tracking } = useMemo(() => {
    // The abilities' mode, not the lock's: a session that starts locked keeps its tools for when the contract is reopened.
    const extra = resolveExtraExtensions(extraExtensions, { contractId: contract.id, mode: abilityMode, user });
    return {
      extensions: buildExtensions({ ydoc: session.ydoc, awareness: session.awareness, user, extra }),
      tracking: extra.some((extension) => extension.name === SUGGESTION_TRACKING_EXTENSION),
    };
    // One editor per session: its extensions are fixed when the session starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  // Reviewers always suggest (the server refuses anything else); editors choose Editing or Suggesting.
  const allowedModes = useMemo<Exclude<EditorMode, "view">[]>(() => {
    if (abilityMode === "read-write") return tracking ? ["edit", "suggest"] : ["edit"];
    return abilityMode === "suggest" && tracking ? ["suggest"] : [];
  }, [abilityMode, tracking]);
  const modes = collabMode === "read-only" ? [] : allowedModes;
  const [mode, setMode] = useEditorMode(user.id, allowedModes);
  const mayType = modes.length > 0;
  const canType = mode !== "view" && mayType && snapshot.loaded && snapshot.connection !== "closed";
  const canFormat = canType && mode === "edit";
  const canCheckpoint = contract.abilities.comment;

  const imageInput = useRef<HTMLInputElement>(null);
  const wordInput = useRef<HTMLInputElement>(null);
  const filesRef = useRef<ReturnType<typeof useDocumentFiles> | null>(null);

  const editor = useEditor(
    {
      extensions,
      editable: false,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: { class: "cw-prose", "aria-label": "Contract document", "aria-multiline": "true", spellcheck: "true" },
        // One edit travels as one WebSocket message; the server closes the connection over its size limit.
        handlePaste: (view, event) => {
          const files = Array.from(event.clipboardData?.files ?? []);
          const image = files.find((f) => f.type.startsWith("image/"));
          if (image && view.editable) {
            void filesRef.current?.insertImage(image);
            return true;
          }
          const pasted = event.clipboardData?.getData("text/html") || event.clipboardData?.getData("text/plain") || "";
          if (utf8Size(pasted) > LIVE_EDIT_BUDGET_BYTES) {
            toast({ title: "Paste too large", description: "This is too much to paste as one edit. Paste it in smaller parts, or use Import Word document.", variant: "destructive" });
            return true;
          }
          return false;
        },
        handleDrop: (view, event, _slice, moved) => {
          if (moved) return false;
          const files = Array.from(event.dataTransfer?.files ?? []);
          if (files.length === 0) return false;
          event.preventDefault();
          const image = files.find((f) => f.type.startsWith("image/"));
          if (image && view.editable) {
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            void filesRef.current?.insertImage(image, at);
          }
          return true;
        },
      },
    },
    [extensions],
  );

  const files = useDocumentFiles(editor, contract.title, contract.id);
  useEffect(() => {
    filesRef.current = files;
  });

  useEffect(() => {
    if (editor.isDestroyed || !tracking || isSuggesting(editor.state) === (mode === "suggest")) return;
    editor.view.dispatch(setSuggesting(editor.state, mode === "suggest"));
  }, [editor, tracking, mode]);

  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setEditable(canType, false);
    editor.view.dom.setAttribute("aria-readonly", String(!canType));
  }, [editor, canType]);

  const checkpoints = useCheckpoints(contract.id, session, canCheckpoint);
  const fullscreen = useFullscreen();
  const print = usePrint(editor);
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const [findOpen, setFindOpen] = useState(false);
  const [findFocus, setFindFocus] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const root = useRef<HTMLElement>(null);

  const viewers = useDocumentPresence(contract.id);

  const openFind = useCallback(() => {
    setFindOpen(true);
    setFindFocus((n) => n + 1);
  }, []);
  const openLink = useCallback(() => setDialog({ kind: "link", draft: linkDraft(editor) }), [editor]);
  const closeDialog = useCallback(() => {
    setDialog(null);
    if (!editor.isDestroyed) editor.commands.focus();
  }, [editor]);

  const { save } = checkpoints;
  useEditorShortcuts(root, {
    save: canCheckpoint ? () => void save() : undefined,
    find: openFind,
    print,
    toggleFullscreen: fullscreen.toggle,
    exitCssFullscreen: fullscreen.active ? fullscreen.exit : undefined,
    link: canFormat ? openLink : undefined,
    clearFormatting: canFormat ? () => clearFormatting(editor) : undefined,
    openFromDisk: canFormat ? () => void files.openWordFromDisk() : undefined,
  });

  // Edits not yet on the server live only in this tab: leaving now would lose them.
  const unsent = snapshot.delivery === "saving";
  useEffect(() => {
    if (!unsent) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsent]);

  const showToggle = (contract.abilities.edit || contract.abilities.suggest) && !locked;
  const suggestUnavailable = collabMode === "suggest" && !tracking;

  return (
    <section
      ref={root}
      aria-label="Word Editor"
      className={clsx("cw-editor flex flex-col bg-white", fullscreen.active ? "cw-editor--fullscreen" : "rounded-lg")}
      data-mode={canType ? (mode === "suggest" ? "suggesting" : "editing") : "viewing"}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-3 py-2 print:hidden">
        <div className="flex flex-wrap items-center gap-3">
          {showToggle ? (
            <ModeToggle
              mode={mayType ? mode : "view"}
              modes={collabMode === "suggest" ? ["suggest"] : allowedModes}
              onChange={setMode}
              unavailable={suggestUnavailable ? "Suggesting is not available in this editor. Select text in the Document Viewer and choose Propose change." : undefined}
            />
          ) : (
            <Badge tone="neutral">View Only</Badge>
          )}
          <ConnectionStatus snapshot={snapshot} />
        </div>
        <PresenceList people={viewers} />
      </div>

      <div className="sticky top-0 z-10 bg-white print:hidden">
        <DesktopHelperBar
          canImport={canFormat}
          onOpenWord={() => void files.openWordFromDisk()}
          onSaveWord={() => void files.exportWord()}
          exporting={files.exporting}
          fullscreen={fullscreen.active}
          onFullscreen={fullscreen.toggle}
        />
        <DocumentToolbar
          editor={editor}
          canCheckpoint={canCheckpoint}
          canEdit={canType}
          canFormat={canFormat}
          saving={checkpoints.saving}
          autoSave={checkpoints.autoSave}
          onSave={() => void save()}
          onAutoSaveChange={checkpoints.setAutoSave}
          findOpen={findOpen}
          onFind={() => (findOpen ? setFindOpen(false) : openFind())}
          onPrint={print}
          onImport={() => wordInput.current?.click()}
          onExport={() => void files.exportWord()}
          exporting={files.exporting}
          onStyles={() => setDialog({ kind: "styles" })}
          zoom={zoom}
          onZoom={(z) => setZoom(clampZoom(z))}
          fullscreen={fullscreen.active}
          onFullscreen={fullscreen.toggle}
        />
        {canFormat && (
          <FormattingToolbar
            editor={editor}
            actions={{ onLink: openLink, onImage: () => imageInput.current?.click(), onVideo: () => setDialog({ kind: "video" }), onTable: () => setDialog({ kind: "table" }) }}
          />
        )}
        {findOpen && <FindReplacePanel editor={editor} canReplace={canFormat} focusKey={findFocus} onClose={() => { setFindOpen(false); editor.commands.focus(); }} />}
      </div>

      {locked && <LockedNotice contract={contract} />}
      <EditorNotices
        notice={notice ?? null}
        onDismissNotice={onDismissNotice}
        offline={snapshot.connection === "offline" && unsent}
        suggestUnavailable={suggestUnavailable && mode === "view"}
      />

      <TrackChangesBar editor={editor} contractId={contract.id} canDecide={contract.abilities.decideChanges && !locked} />
      <SuggestionBar editor={editor} contractId={contract.id} canDecide={contract.abilities.decideChanges && !locked} canComment={contract.abilities.comment} />

      <EditorCanvas editor={editor} zoom={zoom} loading={!snapshot.loaded} />

      <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-3 py-1.5 text-xs text-slate-600 print:hidden">
        <WordCount editor={editor} />
        <span className="flex items-center gap-3">
          {checkpoints.lastSavedAt && <span>Version saved at {format(checkpoints.lastSavedAt, "h:mm a")}</span>}
          <span>{collabMode === "read-only" ? "View Only" : canType ? (mode === "suggest" ? "Suggesting" : "Editing") : "Viewing"}</span>
          <span>{zoom}%</span>
        </span>
      </footer>

      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void files.insertImage(file);
        }}
      />
      <input
        ref={wordInput}
        type="file"
        accept={`.docx,${DOCX_MIME}`}
        hidden
        data-testid="word-import-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) files.chooseWordFile(file);
        }}
      />

      {dialog?.kind === "link" && (
        <LinkDialog
          initial={dialog.draft}
          onClose={closeDialog}
          onRemove={() => {
            removeLink(editor);
            setDialog(null);
          }}
          onSubmit={(href, text) => {
            insertLink(editor, href, text);
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === "table" && (
        <TableDialog
          onClose={closeDialog}
          onSubmit={(rows, cols) => {
            editor.chain().focus().insertTable({ rows, cols, withHeaderRow: false }).run();
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === "video" && (
        <VideoDialog
          onClose={closeDialog}
          onSubmit={(src) => {
            editor.chain().focus().setYoutubeVideo({ src }).run();
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === "styles" && (
        <StylesDialog
          onClose={closeDialog}
          onApply={(style) => {
            applyStyle(editor, style);
            setDialog(null);
          }}
        />
      )}
      {files.importFile && <ImportDialog fileName={files.importFile.name} busy={files.importing} onClose={files.cancelImport} onConfirm={(placement) => void files.runImport(placement)} />}
    </section>
  );
}
