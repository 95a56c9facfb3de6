import * as Y from "yjs";
import type { CollabCloseName } from "@clausewise/shared";
import { checkStructure, documentChars, inspectUpdate, placementOf, type Placement } from "./schema-guard";

/** An accepted update until it is applied (or fails to store): what it adds, and where its items went. */
export interface Ticket {
  chars: number;
  placements: Placement[];
}

export type GuardVerdict = { accepted: true; ticket: Ticket } | { accepted: false; close: CollabCloseName; why: string };

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
 *
 * Updates accepted but not applied yet (waiting for their INSERT) are remembered with where their
 * items went: the next keystroke of the same person builds on them, and must not need the scratch
 * copy just because its neighbour is not in the document yet.
 */
export class UpdateGuard {
  /** Upper bound of the applied document's content, in characters. */
  private applied: number;
  private readonly pending = new Set<Ticket>();

  constructor(
    private readonly doc: Y.Doc,
    private readonly maxChars: number,
  ) {
    this.applied = documentChars(doc);
  }

  check(update: Uint8Array, waiting: () => readonly Uint8Array[]): GuardVerdict {
    const pending = (id: Y.ID) => {
      for (const ticket of this.pending) {
        const parent = placementOf(ticket.placements, id);
        if (parent) return parent;
      }
      return null;
    };
    const inspection = inspectUpdate(this.doc, update, pending);
    if (inspection.invalid) return { accepted: false, close: "invalidContent", why: inspection.invalid };
    if (inspection.structural) {
      const invalid = checkStructure(this.doc, waiting(), update, pending);
      if (invalid) return { accepted: false, close: "invalidContent", why: invalid };
    }
    if (!this.fits(inspection.chars, update, waiting)) return { accepted: false, close: "documentTooLarge", why: `over ${this.maxChars} characters` };
    const ticket: Ticket = { chars: inspection.chars, placements: inspection.placements };
    this.pending.add(ticket);
    return { accepted: true, ticket };
  }

  private pendingChars(): number {
    let chars = 0;
    for (const ticket of this.pending) chars += ticket.chars;
    return chars;
  }

  private fits(chars: number, update: Uint8Array, waiting: () => readonly Uint8Array[]): boolean {
    if (this.applied + this.pendingChars() + chars <= this.maxChars) return true;
    this.applied = documentChars(this.doc);
    if (this.applied + this.pendingChars() + chars <= this.maxChars) return true;
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

  /** An accepted update was stored and applied, or failed to store or was refused later (`applied: false`). */
  settled(ticket: Ticket, applied: boolean): void {
    if (!this.pending.delete(ticket)) return;
    if (applied) this.applied += ticket.chars;
  }

  /** An update someone else stored was applied (a REST edit, another instance, a reload). */
  appliedElsewhere(update: Uint8Array): void {
    this.applied += inspectUpdate(this.doc, update).chars;
  }
}
