import { Hono } from "hono";
import { z } from "zod";
import { and, desc, eq, ne } from "drizzle-orm";
import { CLAUSE_CODES, CLAUSE_LABELS, perspectiveRequest, textAnalysisRequest, type ClauseCode, type DetectedClause } from "@clausewise/shared";
import type { AppEnv } from "../context";
import { aiTextAnalyses, analyses, companies, contractAccess, contracts } from "../db/schema";
import { queueAnalysisNow, setPerspective } from "../commands/contracts/set-perspective";
import { createAnalyst } from "../analysis/analyst";
import { plannedReanalysis } from "../analysis/refresh";
import { CLAUSE_STANDARDS, similarity } from "../analysis/engine";
import { requireAiReview, aiReviewEnabled, setAiReview } from "../analysis/settings";
import { badRequest, notFound } from "../http/errors";
import { requireAuth } from "../http/middleware";
import { jsonBody, queryParams } from "../http/validate";
import { authorize, canToggleAiReview, contractAbilities } from "../policies";
import { presentAnalysis, presentTextAnalysis, storedClauses } from "../presenters/analysis";
import { loadReadableContract, READ_ONLY_MESSAGE } from "./document";
import { keyAccess } from "../http/key-access";

export const NO_ANALYSIS_YET = "This contract hasn't been analyzed yet. Please wait for AI analysis to complete.";

const clauseCode = z.enum(CLAUSE_CODES, { message: `code must be one of ${CLAUSE_CODES.join(", ")}` });
const similarQuery = z.object({ code: clauseCode });
const aiReviewRequest = z.object({ enabled: z.boolean({ message: "enabled must be true or false" }) });

const SIMILAR_LIMIT = 10;

export const analysisRoutes = new Hono<AppEnv>()
  .get("/contracts/:id/analysis", keyAccess("read"), async (c) => {
    const { contract } = await loadReadableContract(c);
    const [row] = await c.get("deps").db.select().from(analyses).where(and(eq(analyses.contractId, contract.id), eq(analyses.companyId, contract.companyId)));
    if (!row) throw notFound(NO_ANALYSIS_YET);
    return c.json(presentAnalysis(row, { text: contract.plainText, refreshAt: await plannedReanalysis(c.get("deps").db, contract.id) }));
  })
  .post("/contracts/:id/analysis", keyAccess("contracts:write"), async (c) => {
    const deps = c.get("deps");
    const { contract, abilities } = await loadReadableContract(c);
    authorize(abilities.analyze, READ_ONLY_MESSAGE);
    await requireAiReview(deps.db, contract.companyId);
    const now = deps.now();
    const row = await deps.db.transaction(async (tx) => {
      await queueAnalysisNow(tx, contract, now);
      const [stored] = await tx.select().from(analyses).where(eq(analyses.contractId, contract.id));
      return stored!;
    });
    return c.json(presentAnalysis(row, { text: contract.plainText }), 202);
  })
  .put("/contracts/:id/perspective", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const request = await jsonBody(c, perspectiveRequest);
    const { user, contract, abilities } = await loadReadableContract(c);
    // Choosing the side the analysis takes is part of running it: the same ability.
    authorize(abilities.analyze, READ_ONLY_MESSAGE);
    return c.json(await setPerspective({ deps: c.get("deps"), actor: user }, { contract, request }));
  })
  .post("/contracts/:id/ai-analysis", keyAccess("contracts:write"), async (c) => {
    requireAuth(c);
    const deps = c.get("deps");
    const request = await jsonBody(c, textAnalysisRequest);
    const { user, contract, abilities } = await loadReadableContract(c);
    authorize(abilities.analyze, READ_ONLY_MESSAGE);
    await requireAiReview(deps.db, contract.companyId);
    const [company] = await deps.db.select({ name: companies.name }).from(companies).where(eq(companies.id, contract.companyId));
    // The whole contract goes with the selection: a partial selection is read in its clause (issue 13).
    const produced = await createAnalyst(deps).analyzeText({
      text: request.text,
      analysisType: request.analysisType,
      prompt: request.prompt ?? null,
      contractText: contract.plainText,
      start: request.start ?? null,
      end: request.end ?? null,
      ourPartyRole: contract.ourPartyRole,
      companyName: company?.name ?? null,
    });
    const [row] = await deps.db
      .insert(aiTextAnalyses)
      .values({
        companyId: contract.companyId,
        contractId: contract.id,
        userId: user.id,
        text: request.text,
        analysisType: request.analysisType,
        prompt: request.prompt ?? null,
        engine: produced.engine,
        result: produced.result as unknown as Record<string, unknown>,
        createdAt: deps.now(),
      })
      .returning();
    return c.json(presentTextAnalysis(row!), 201);
  })
  .get("/contracts/:id/ai-analysis", keyAccess("read"), async (c) => {
    const { contract } = await loadReadableContract(c);
    const rows = await c
      .get("deps")
      .db.select()
      .from(aiTextAnalyses)
      .where(and(eq(aiTextAnalyses.contractId, contract.id), eq(aiTextAnalyses.companyId, contract.companyId)))
      .orderBy(desc(aiTextAnalyses.createdAt))
      .limit(50);
    return c.json({ exists: rows.length > 0, analyses: rows.map(presentTextAnalysis) });
  })
  .get("/contracts/:id/similar-clauses", keyAccess("read"), async (c) => {
    requireAuth(c);
    const { code } = queryParams(c, similarQuery);
    const { user, contract } = await loadReadableContract(c);
    const db = c.get("deps").db;
    const [own] = await db.select({ result: analyses.result }).from(analyses).where(and(eq(analyses.contractId, contract.id), eq(analyses.status, "done")));
    const reference = storedClauses(own?.result).find((clause) => clause.code === code) ?? null;
    // Without a clause of that type here, rank by closeness to the balanced position of the library.
    const against = reference?.excerpt || CLAUSE_STANDARDS[code].balancedPosition;

    const others = await db
      .select({ contract: contracts, result: analyses.result })
      .from(analyses)
      .innerJoin(contracts, eq(contracts.id, analyses.contractId))
      .where(and(eq(analyses.companyId, user.companyId), eq(analyses.status, "done"), ne(analyses.contractId, contract.id)));
    const grants = await db.select().from(contractAccess).where(and(eq(contractAccess.userId, user.id), eq(contractAccess.companyId, user.companyId)));
    const matches = others
      .filter((o) => contractAbilities(user, o.contract, grants.find((g) => g.contractId === o.contract.id) ?? null).read)
      .flatMap((o) =>
        storedClauses(o.result)
          .filter((clause: DetectedClause) => clause.code === code)
          .map((clause) => ({ contractId: o.contract.id, contractTitle: o.contract.title, ...clause, score: Number(similarity(against, clause.excerpt).toFixed(3)) })),
      )
      .sort((a, b) => b.score - a.score)
      .slice(0, SIMILAR_LIMIT);
    return c.json({ reference, matches });
  })
  .get("/clause-standards/:code", keyAccess("read"), (c) => {
    requireAuth(c);
    const parsed = clauseCode.safeParse(c.req.param("code"));
    if (!parsed.success) throw badRequest(`Unknown clause type. Use one of: ${CLAUSE_CODES.join(", ")}.`);
    const code: ClauseCode = parsed.data;
    return c.json({ code, label: CLAUSE_LABELS[code], ...CLAUSE_STANDARDS[code] });
  })
  .get("/settings/ai-review", async (c) => {
    const { user } = requireAuth(c);
    return c.json({ aiReviewEnabled: await aiReviewEnabled(c.get("deps").db, user.companyId) });
  })
  .patch("/settings/ai-review", async (c) => {
    const { user } = requireAuth(c);
    const { enabled } = await jsonBody(c, aiReviewRequest);
    authorize(canToggleAiReview(user, { id: user.companyId }), "Only administrators can change the AI Contract Analysis setting.");
    await setAiReview(c.get("deps").db, user.companyId, enabled, c.get("deps").now());
    return c.json({ aiReviewEnabled: enabled });
  });
