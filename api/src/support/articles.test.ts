import { afterAll, describe, expect, it } from "vitest";
import { knowledgeBaseArticles } from "../db/schema";
import { loadConfig } from "../env";
import { createRuntime, type Runtime } from "../runtime";
import { ARTICLES } from "./article-texts";

let runtime: Runtime | undefined;
afterAll(async () => {
  await runtime?.close();
});

describe("start-up", () => {
  it("puts the help articles in place on every deployment, demo or not", async () => {
    const config = { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false" }), databaseUrl: undefined, dataDir: "memory://", redisUrl: undefined };
    runtime = await createRuntime(config, { jobs: false });
    const rows = await runtime.deps.db.select().from(knowledgeBaseArticles);
    expect(rows.map((r) => r.slug).sort()).toEqual(ARTICLES.map((a) => a.slug).sort());
  });
});

describe("the articles", () => {
  it("are 8 to 12 distinct, substantial articles", () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(8);
    expect(ARTICLES.length).toBeLessThanOrEqual(12);
    expect(new Set(ARTICLES.map((a) => a.slug)).size).toBe(ARTICLES.length);
    for (const article of ARTICLES) {
      expect(article.slug).toMatch(/^[a-z0-9-]+$/);
      expect(article.content.length).toBeGreaterThan(400);
      expect(article.tags.length).toBeGreaterThan(0);
    }
  });
});
