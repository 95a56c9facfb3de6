import type { exhibits } from "../db/schema";
import { contractAbilities, type ContractForPolicy, type GrantForPolicy } from "./contract";
import type { Actor } from "./actor";

export type ExhibitForPolicy = Pick<typeof exhibits.$inferSelect, "createdBy" | "uploadedBy" | "status" | "reviewedAt">;

/** Who added the exhibit; rows from before `created_by` existed only know who uploaded its file. */
export function exhibitAddedBy(exhibit: Pick<ExhibitForPolicy, "createdBy" | "uploadedBy">): string | null {
  return exhibit.createdBy ?? exhibit.uploadedBy;
}

/** Nobody has looked at it yet: still pending or planned, and no review recorded. */
export function exhibitUnreviewed(exhibit: Pick<ExhibitForPolicy, "status" | "reviewedAt">): boolean {
  return exhibit.reviewedAt === null && (exhibit.status === "pending" || exhibit.status === "planned");
}

/**
 * Deleting an exhibit (DESIGN.md §3): whoever holds the contract's admin level (company admins, an
 * admin grant) may; the member who added it may, while nobody has reviewed it. An approved exhibit
 * is never deleted, but that is its state, not who is asking: the command answers 409.
 */
export function canDeleteExhibit(actor: Actor, contract: ContractForPolicy, grant: GrantForPolicy | null, exhibit: ExhibitForPolicy): boolean {
  const abilities = contractAbilities(actor, contract, grant);
  if (abilities.delete) return true;
  const addedBy = exhibitAddedBy(exhibit);
  return abilities.manageExhibits && addedBy !== null && addedBy === actor.id && exhibitUnreviewed(exhibit);
}

/** What the viewer may do with this exhibit now; serialised with it so the tracker never re-derives it. */
export function exhibitAbilities(actor: Actor, contract: ContractForPolicy, grant: GrantForPolicy | null, exhibit: ExhibitForPolicy) {
  return {
    review: contractAbilities(actor, contract, grant).reviewExhibits,
    delete: exhibit.status !== "approved" && canDeleteExhibit(actor, contract, grant, exhibit),
  };
}
