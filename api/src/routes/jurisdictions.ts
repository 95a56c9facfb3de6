import { Hono } from "hono";
import { JURISDICTION_CODES, JURISDICTION_NAMES, jurisdictionAnalysisRequest, type Jurisdiction } from "@clausewise/shared";
import { analyseJurisdictions } from "../analysis/jurisdictions/analyse";
import { requireAiReview } from "../analysis/settings";
import { requirePlanFeature } from "../billing/features";
import type { AppEnv } from "../context";
import { requireAuth } from "../http/middleware";
import { jsonBody } from "../http/validate";
import { keyAccess } from "../http/key-access";

const JURISDICTIONS: Jurisdiction[] = JURISDICTION_CODES.map((code) => ({ code, name: JURISDICTION_NAMES[code] }));

/** 300,000 characters of pasted contract text can take up to 2 MB once encoded and escaped. */
const PASTED_TEXT_LIMIT = { maxBytes: 2 * 1024 * 1024, tooLarge: "The contract text is too large." };

/**
 * Spec §7: GET /api/jurisdictions and POST /api/analyze-jurisdiction. The analysis reads only the
 * pasted text and the curated statute table, so there is no row to load or authorize beyond sign-in,
 * and nothing is stored. It is AI contract analysis all the same (spec §1), so the company's switch
 * governs it like every other analysis.
 */
export const jurisdictionRoutes = new Hono<AppEnv>()
  .get("/jurisdictions", keyAccess("read"), (c) => {
    requireAuth(c);
    return c.json(JURISDICTIONS);
  })
  .post("/analyze-jurisdiction", keyAccess("contracts:write"), async (c) => {
    const { user, company } = requireAuth(c);
    const request = await jsonBody(c, jurisdictionAnalysisRequest, PASTED_TEXT_LIMIT);
    requirePlanFeature(company, "jurisdictionalAnalysis");
    await requireAiReview(c.get("deps").db, user.companyId);
    return c.json(analyseJurisdictions(request));
  });
