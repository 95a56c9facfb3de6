import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../context";
import type { Db } from "../../db/client";
import { contracts, users } from "../../db/schema";
import type { DomainEvent } from "../../events/bus";
import type { UserRow } from "../../auth/sessions";
import type { ContractRow } from "../../loaders/contract";
import { contractNotFound } from "../../loaders/contract";
import type { Author } from "../../presenters/markup";

/** What every review command needs: the outside world and who is acting. */
export interface CommandContext {
  deps: AppDeps;
  actor: UserRow;
}

/**
 * Re-reads the contract inside the transaction with a row lock. Every command that reads the document
 * to write something anchored in it (markups, proposals, decisions, saves, versions) takes this lock, so they
 * run one after another per contract and never act on a text another one is replacing.
 */
export async function lockContract(tx: Db, contract: Pick<ContractRow, "id" | "companyId">): Promise<ContractRow> {
  const [row] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contract.id), eq(contracts.companyId, contract.companyId)))
    .for("update");
  if (!row) throw contractNotFound();
  return row;
}

export const contractUrl = (contractId: string) => `/contracts/${contractId}`;

/** A short quote for notification texts. */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

type AfterCommitTask = DomainEvent | { publish(deps: AppDeps): Promise<void> };

/**
 * Runs after the transaction committed: pushes are hints (clients also poll), so a failing bus is
 * logged and never turns a saved edit into an error response the user would retry.
 */
export async function afterCommit(deps: AppDeps, tasks: AfterCommitTask[]): Promise<void> {
  for (const task of tasks) {
    try {
      if ("publish" in task) await task.publish(deps);
      else await deps.bus.publish(task);
    } catch (error) {
      deps.logger.warn({ err: error, event: "type" in task ? task.type : "notifications" }, "push after commit failed");
    }
  }
}

/** The columns of a markup's or change's author that presenters name them by. */
export const authorColumns = { firstName: users.firstName, lastName: users.lastName, email: users.email };

/** The name fields of a markup's or change's author (null: the account is gone). */
export async function loadAuthor(db: Db, userId: string | null): Promise<Author> {
  if (!userId) return null;
  const [row] = await db.select(authorColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
