import { useCallback, useState } from "react";
import type { Editor } from "@tiptap/core";
import type { Markup } from "@clausewise/shared";
import type { ExportComment } from "@clausewise/shared/word";
import { fetchMarkups } from "../../api/markups";
import { toast } from "../../stores/toast";
import { findUndoManager } from "../extensions/guards";
import { useDesktopBridge } from "../../desktop/bridge";
import { openFromDisk, saveToDisk } from "../../desktop/files";
import { DOCX_MIME, EXPORT_FILE_NAME } from "../lib/constants";
import { downloadBlob } from "../lib/download";
import { formatMegabytes, imageFileProblem, isWordDocument, LIVE_EDIT_BUDGET_BYTES, utf8Size } from "../lib/files";
import { embeddableImage, loadImageForWord } from "../lib/images";
import type { ImportPlacement } from "../dialogs/ImportDialog";

/** Keeps an edit as its own undo step, not merged with typing just before or after it. */
function asOneUndoStep(editor: Editor, run: () => boolean): boolean {
  const manager = findUndoManager(editor.state);
  manager?.stopCapturing();
  const done = run();
  manager?.stopCapturing();
  return done;
}

/** The contract's markups as Word comments (their plain-text offsets anchor them on their words). */
function markupsAsComments(markups: Markup[]): ExportComment[] {
  return markups.map((m) => ({ id: m.id, type: m.type, author: m.authorName, date: m.createdAt, text: m.content, start: m.position.start, end: m.position.end, replyTo: m.replyTo ?? null }));
}

/** Word documents as the desktop app's open and save dialogs offer them. */
export const WORD_FILE_TYPES = { description: "Word document", accept: { [DOCX_MIME]: [".docx"] } };

/** Images in, Word in, Word out: everything of the editor that reads or writes files. */
export function useDocumentFiles(editor: Editor, title: string, contractId?: string) {
  const [importFile, setImportFile] = useState<File | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const bridge = useDesktopBridge();

  /** Spec §5: images are embedded inline as data; non-images and files over 5 MB are refused with a message. */
  const insertImage = useCallback(
    async (file: File, at?: number) => {
      const problem = imageFileProblem(file);
      if (problem) {
        toast({ title: "Image not inserted", description: problem, variant: "destructive" });
        return;
      }
      try {
        const result = await embeddableImage(file);
        if (!result.ok) {
          toast({ title: "Image not inserted", description: result.message, variant: "destructive" });
          return;
        }
        const image = { type: "image", attrs: { src: result.src, alt: file.name.replace(/\.[^.]+$/, "") } };
        const chain = editor.chain().focus();
        (at === undefined ? chain.insertContent(image) : chain.insertContentAt(at, image)).run();
        if (result.resized) toast({ title: "Image resized", description: "The image was scaled down so everyone in the document can load it quickly." });
      } catch {
        toast({ title: "Image not inserted", description: "The image could not be read.", variant: "destructive" });
      }
    },
    [editor],
  );

  /** Spec §5 and §8: only .docx; otherwise 'Invalid File'. The import itself waits for a confirmation. */
  const chooseWordFile = useCallback((file: File) => {
    if (!isWordDocument(file)) {
      toast({ title: "Invalid File", description: "Please select a Word document (.docx).", variant: "destructive" });
      return;
    }
    setImportFile(file);
  }, []);

  const runImport = useCallback(
    async (placement: ImportPlacement) => {
      if (!importFile) return;
      setImporting(true);
      try {
        const { docxToHtml, WordImportRefused } = await import("../lib/word-import");
        const converted = await docxToHtml(importFile).catch((error: unknown) => {
          if (!(error instanceof WordImportRefused)) throw error;
          toast({ title: "Import Failed", description: error.message, variant: "destructive" });
          return null;
        });
        if (!converted) return;
        const { html } = converted;
        const size = utf8Size(html);
        if (size > LIVE_EDIT_BUDGET_BYTES) {
          toast({
            title: "Import Failed",
            description: `This document is too large to import as one live edit (${formatMegabytes(size)}, limit ${formatMegabytes(LIVE_EDIT_BUDGET_BYTES)}), usually because of large images. Try a copy with smaller images.`,
            variant: "destructive",
          });
          return;
        }
        const done = asOneUndoStep(editor, () =>
          placement === "replace" ? editor.chain().focus().setContent(html, { emitUpdate: true }).run() : editor.chain().focus().insertContent(html).run(),
        );
        if (!done) throw new Error("The editor did not take the imported content");
        toast({ title: "Document Imported", description: `“${importFile.name}” was imported. Undo (Ctrl+Z) reverts it.` });
      } catch {
        toast({ title: "Import Failed", description: "Failed to import Word document.", variant: "destructive" });
      } finally {
        setImporting(false);
        setImportFile(null);
      }
    },
    [editor, importFile],
  );

  /**
   * Spec §7: export runs in the browser; the file is 'contract.docx'. Suggestions go as tracked changes
   * and the contract's markups as Word comments, so the other side's counsel sees both in Word.
   */
  const exportWord = useCallback(async () => {
    setExporting(true);
    try {
      const { documentToDocx } = await import("../lib/word-export");
      const markups = contractId ? await fetchMarkups(contractId).catch(() => null) : [];
      const blob = await documentToDocx(editor.getJSON(), { title, loadImage: loadImageForWord, comments: markupsAsComments(markups ?? []) });
      // The desktop app saves straight to disk (issue 17); a browser tab downloads.
      const saved = await saveToDisk(bridge, blob, EXPORT_FILE_NAME, WORD_FILE_TYPES);
      if (saved === "unavailable") downloadBlob(blob, EXPORT_FILE_NAME);
      else if (saved !== "saved") return;
      if (!markups) toast({ title: "Exported Without Comments", description: "The document was exported, but its comments could not be loaded. Export again to include them.", variant: "destructive" });
    } catch {
      toast({ title: "Export Failed", description: "Failed to export document to Word format.", variant: "destructive" });
    } finally {
      setExporting(false);
    }
  }, [editor, title, contractId, bridge]);

  /** Ctrl+O and the helper bar's Files: a Word document from disk into the import (desktop app only). */
  const openWordFromDisk = useCallback(async () => {
    const file = await openFromDisk(bridge, WORD_FILE_TYPES);
    if (file) chooseWordFile(file);
  }, [bridge, chooseWordFile]);

  return { insertImage, chooseWordFile, importFile, importing, runImport, cancelImport: () => setImportFile(null), exportWord, exporting, openWordFromDisk };
}
