import { asc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { knowledgeBaseArticles } from "../db/schema";
import { notFound } from "../http/errors";
import { likeContains } from "../loaders/contract";
import { ARTICLES, type ArticleText } from "./article-texts";

export type ArticleRow = typeof knowledgeBaseArticles.$inferSelect;

/**
 * Puts the help center's articles in place: every deployment has them, not only the demo. Idempotent
 * and safe when several instances start at once (upsert on the slug); an article's text follows the
 * code on every start while its view count is kept.
 */
export async function seedKnowledgeBase(db: Db, articles: readonly ArticleText[] = ARTICLES): Promise<void> {
  if (articles.length === 0) return;
  await db
    .insert(knowledgeBaseArticles)
    .values(articles.map((a) => ({ slug: a.slug, title: a.title, content: a.content, category: a.category, tags: a.tags })))
    .onConflictDoUpdate({
      target: knowledgeBaseArticles.slug,
      set: {
        title: sql`excluded.title`,
        content: sql`excluded.content`,
        category: sql`excluded.category`,
        tags: sql`excluded.tags`,
      },
    });
}

/** The public knowledge base; `search` matches title or content, case-insensitively (billing spec §2). */
export async function listArticles(db: Db, search?: string): Promise<ArticleRow[]> {
  const term = search?.trim();
  const query = db.select().from(knowledgeBaseArticles);
  const filtered = term
    ? query.where(or(ilike(knowledgeBaseArticles.title, likeContains(term)), ilike(knowledgeBaseArticles.content, likeContains(term))))
    : query;
  return filtered.orderBy(asc(knowledgeBaseArticles.category), asc(knowledgeBaseArticles.title));
}

/** One article, counting the view. Articles are public, so there is no company to scope by. */
export async function viewArticle(db: Db, id: string): Promise<ArticleRow> {
  const [row] = await db
    .update(knowledgeBaseArticles)
    .set({ viewCount: sql`${knowledgeBaseArticles.viewCount} + 1` })
    .where(eq(knowledgeBaseArticles.id, id))
    .returning();
  if (!row) throw notFound("No such help article.");
  return row;
}
