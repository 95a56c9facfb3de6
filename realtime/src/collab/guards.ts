import * as Y from "yjs";
import type { CollabCloseName } from "@clausewise/shared";
import { checkStructure, documentChars, inspectUpdate } from "./schema-guard";

export type GuardVerdict = { accepted: true; chars: number } | { accepted: false; close: CollabCloseName; why: string };

/**
 * The generic checks of a client's update before it is stored (issue 14): it must fit the editor
 * schema (schema-guard.ts), and it must not grow the document past `maxChars` characters of
 * content. A refused update is dropped and its sender closed with the reason; nothing of it is
 * stored, applied or relayed, so nobody else is affected.
 *
 * The size is kept as a running upper bound: the document's measured size plus what every update
 * since inserted (deletions are not subtracted, since that would take a look-up per deleted item).
 * Only when that bound passes the limit is the document measured again (O(document)), so typing
 * costs nothing extra until a document is really near the limit.
 */
export class UpdateGuard {
  /** Upper bound of the applied document's content, in characters. */
  private applied: number;
  /** What accepted updates still waiting to be stored will add. */
  private pending = 0;

  constructor(
    private readonly doc: Y.Doc,
    private readonly maxChars: number,
  ) {
    this.applied = documentChars(doc);
  }

  check(update: Uint8Array, waiting: () => readonly Uint8Array[]): GuardVerdict {
    const inspection = inspectUpdate(this.doc, update);
    if (inspection.invalid) return { accepted: false, close: "invalidContent", why: inspection.invalid };
    if (inspection.structural) {
      const invalid = checkStructure(this.doc, waiting(), update);
      if (invalid) return { accepted: false, close: "invalidContent", why: invalid };
    }
    if (!this.fits(inspection.chars, update, waiting)) return { accepted: false, close: "documentTooLarge", why: `over ${this.maxChars} characters` };
    this.pending += inspection.chars;
    return { accepted: true, chars: inspection.chars };
  }

  private fits(chars: number, update: Uint8Array, waiting: () => readonly Uint8Array[]): boolean {
    if (this.applied + this.pending + chars <= this.maxChars) return true;
    this.applied = documentChars(this.doc);
    if (this.applied + this.pending + chars <= this.maxChars) return true;
    // Deletions in the waiting updates or in this one may still bring it under: measure the result.
    const scratch = new Y.Doc();
    try {
      Y.applyUpdate(scratch, Y.encodeStateAsUpdate(this.doc));
      for (const u of waiting()) Y.applyUpdate(scratch, u);
      Y.applyUpdate(scratch, update);
      return documentChars(scratch) <= this.maxChars;
    } finally {
      scratch.destroy();
    }
  }

  /** Accepted updates were stored and applied (or failed to store, `applied: false`). */
  settled(chars: number, applied: boolean): void {
    this.pending = Math.max(0, this.pending - chars);
    if (applied) this.applied += chars;
  }

  /** An update someone else stored was applied (a REST edit, another instance, a reload). */
  appliedElsewhere(update: Uint8Array): void {
    this.applied += inspectUpdate(this.doc, update).chars;
  }
}
