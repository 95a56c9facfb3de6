import { ANALYSIS_TYPES, questionAnswerResult, textAnalysisResult } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { analyzeText } from "./text-analysis";
import { answerQuestion } from "./questions";
import { segmentText } from "./segment";
import { analyseSegments } from "./detect";
import { similarity } from "./similarity";

const CONTRACT = [
  "ARTICLE 3 - PAYMENT",
  "3.1 Invoices. The Contractor shall submit a proper invoice monthly.",
  "3.2 Payment. The Owner shall pay each proper invoice within twenty-eight (28) days after receipt.",
  "3.3 Holdback. The Owner shall retain a holdback of ten percent (10%) from each payment, released on expiry of the lien period.",
  "ARTICLE 4 - TIME",
  "4.1 Liquidated Damages. If Substantial Performance is late, the Contractor shall pay $5,000 per day as liquidated damages, not to exceed 10% of the Contract Price.",
  "ARTICLE 5 - LIABILITY",
  "5.1 Indemnity. The Contractor shall indemnify the Owner from any and all claims arising from the Work.",
  "5.2 Notice of Claims. Notice of any claim must be given within five (5) days of the event, failing which the claim is waived.",
].join("\n");

describe("answerQuestion", () => {
  it("quotes the clause that answers, with its section number", () => {
    const result = answerQuestion({ text: CONTRACT, question: "How much holdback is retained?" });
    expect(() => questionAnswerResult.parse(result)).not.toThrow();
    expect(result.addressed).toBe(true);
    expect(result.citations[0]).toMatchObject({ section: "3.3" });
    expect(result.answer).toContain("Section 3.3");
    expect(result.answer).toContain("ten percent (10%)");
    expect(CONTRACT.slice(result.citations[0]!.start, result.citations[0]!.end)).toBe(result.citations[0]!.excerpt);
  });

  it("finds the clause through the clause type the question names", () => {
    const result = answerQuestion({ text: CONTRACT, question: "When do we get paid?" });
    expect(result.addressed).toBe(true);
    expect(result.citations.map((c) => c.section)).toContain("3.2");
  });

  it("says plainly when the contract does not address the question", () => {
    const result = answerQuestion({ text: CONTRACT, question: "Is the contractor allowed to use helicopters for transport?" });
    expect(result.addressed).toBe(false);
    expect(result.citations).toEqual([]);
    expect(result.answer).toMatch(/^The contract does not appear to address this/);
    expect(result.answer).toContain('"helicopters"');
  });

  describe("in a supply agreement between two named parties", () => {
    const SUPPLY = [
      'This Master Supply Agreement is made by and between Premier Nutrition Company, LLC ("Buyer" or "PNC") and Fonterra Inc. ("Supplier").',
      "2.6 Quality. Supplier will notify Buyer immediately in the event that any pathogen is found in the plant. Records of monitoring will be made available to PNC on request.",
      "6.2 Either Party may terminate this Agreement for cause if the other Party commits a material breach which is not corrected within 30 days after written notice.",
      "11 Notices. Notices must be in writing. 12 Governing Law; Dispute Resolution.",
      "12.1 This Agreement will be governed by the laws of the State of Delaware without regard to its conflicts of law principles.",
    ].join("\n");

    it("answers No when the type asked about is absent, whatever clause names the party asked about", () => {
      const result = answerQuestion({ text: SUPPLY, question: "Can the Buyer terminate for convenience?" });
      expect(result.addressed).toBe(false);
      expect(result.answer).toMatch(/^No: The contract does not appear to address this: none of its \d+ clauses is a termination for convenience clause\./);
      expect(result.citations.map((c) => c.section)).not.toContain("2.6");
    });

    it("names the governing law and cites only the clause that chooses it", () => {
      const result = answerQuestion({ text: SUPPLY, question: "Which law governs this agreement?" });
      expect(result.answer).toMatch(/^Section 12\.1 addresses this\. It is governed by the laws of Delaware\./);
      expect(result.answer).not.toContain("See also");
    });

    it("never says no clause mentions a word some clause uses", () => {
      const result = answerQuestion({ text: SUPPLY, question: "What happens to helicopters if we terminate?" });
      expect(result.answer).not.toMatch(/mentions[^.]*"terminate"/);
    });
  });

  it("says so too when a named clause type is absent", () => {
    const result = answerQuestion({ text: CONTRACT, question: "Is there a force majeure clause?" });
    expect(result.addressed).toBe(false);
    expect(result.answer).toContain("force majeure");
  });
});

describe("what an answer cites", () => {
  it("never a heading on a line of its own, and a clause the contract repeats only once", () => {
    const text = [
      'This Supply Agreement is made between Harbour Foods Inc. ("Buyer") and Lakehead Dairy Ltd. ("Supplier").',
      "13. WARRANTIES.",
      "13.1 Supplier warrants that the Products shall be free from defects in materials and workmanship for a period of twelve (12) months from delivery.",
      "SCHEDULE A",
      "13.1 Supplier warrants that the Products shall be free from defects in materials and workmanship for a period of twelve (12) months from delivery.",
    ].join("\n");
    const result = answerQuestion({ text, question: "What is the warranty period?" });
    expect(result.citations.map((c) => c.excerpt)).not.toContain("13. WARRANTIES.");
    expect(result.citations[0]?.section).toBe("13.1");
    expect(result.citations).toHaveLength(1);
  });
});

describe("how long the contract lasts", () => {
  const TERM = [
    "SUPPLY AGREEMENT",
    'This Agreement is made between Harbour Foods Inc. ("Buyer") and Lakehead Dairy Ltd. ("Supplier").',
    "2.1 Supply. Supplier shall deliver the Products ordered by Buyer during the term of this Agreement.",
    "6.1 Term. This Agreement will commence on the Effective Date and continue for an Initial Term of five (5) years.",
    "6.2 Renewal. This Agreement will automatically renew for successive periods of one (1) year unless either Party gives notice of non-renewal 90 days before the end of the then-current term.",
  ].join("\n");

  it("names the term, quotes its clause first (not a clause that only says 'during the term'), and the renewal", () => {
    for (const question of ["How long does the agreement last?", "What is the term of this agreement?", "When does the contract expire?"]) {
      const result = answerQuestion({ text: TERM, question });
      expect(result.addressed, question).toBe(true);
      expect(result.citations.map((c) => c.section), question).toEqual(["6.1", "6.2"]);
      expect(result.answer, question).toMatch(/^Section 6\.1 \(Term\) sets the term\. It runs for five \(5\) years\./);
      expect(result.answer, question).toContain("On renewal, Section 6.2 (Renewal)");
    }
  });

  it("reads the term however it is worded, and prefers the clause headed Term over a renewal sentence", () => {
    const worded: [string, RegExp][] = [
      ["6.1 Term. This Agreement shall be valid for five (5) years from February 1, 2019.", /It runs for five \(5\) years/],
      ['6.1 Term. The initial term of this Agreement (the "Initial Term") shall commence on the Effective Date and continue for three (3) years.', /It runs for three \(3\) years/],
      ["6.1 Duration. This IP Agreement shall extend until the expiration of the last Licensed Patent.", /It runs until the expiration of the last Licensed Patent/],
      ["6.1 Term. This promotion shall begin on June 1, 1999 and shall terminate June 1, 2000.", /It ends on June 1, 2000/],
      ["6.1 Term. This Agreement shall have a term of four (4) years from the effective date.", /It runs for four \(4\) years/],
    ];
    const renewalFirst = "5.9 Renewal. This Agreement shall be automatically renewed for successive three (3) year terms unless either party objects.";
    for (const [clause, fact] of worded) {
      const text = [TERM.split("\n").slice(0, 3).join("\n"), renewalFirst, clause].join("\n");
      const result = answerQuestion({ text, question: "How long does the agreement last?" });
      expect(result.citations[0]?.section, clause).toBe("6.1");
      expect(result.answer, clause).toMatch(fact);
    }
  });

  it("reads the term through a filing's spacing, a redacted period, a short name, a definition, and says when only an event ends it", () => {
    const head = TERM.split("\n").slice(0, 3).join("\n");
    const cases: [string, RegExp][] = [
      ["6.1 Term. This  Agreement  shall  be effective upon the ---------- Effective Date and shall remain in force for a period of one (1) year.", /^Section 6\.1 \(Term\) sets the term\. It runs for one \(1\) year\./],
      ["6.1 Term. This Supply Agreement shall commence on the Effective Date, and shall continue for a period of [***] unless terminated earlier in accordance with its terms.", /^Section 6\.1 \(Term\) sets the term\./],
      ['6.1 This OMA shall expire upon the earlier of (i) the first anniversary of the Effective Date and (ii) the date all Shares have been sold (the "Term").', /^Section 6\.1 (?:\([^)]*\) )?sets the term\./],
      ['1.9 "Initial Term" shall mean the Effective Date through the day prior to the fourth anniversary of the Effective Date.', /^Section 1\.9 (?:\([^)]*\) )?sets the term\./],
      ["6.1 Term. This Agreement shall have a term of four (4) years from the Effective Date, and shall automatically renew for additional one year terms unless earlier terminated.", /^Section 6\.1 \(Term\) sets the term\. It runs for four \(4\) years\. It provides for renewal\./],
      ["6.1 This Agreement shall terminate automatically upon the termination of the Participation Agreement between the Buyer and the Fund.", /^No clause gives the agreement a fixed term or an end date; Section 6\.1 (?:\([^)]*\) )?says what ends it\./],
    ];
    for (const [clause, answer] of cases) {
      const result = answerQuestion({ text: `${head}\n${clause}`, question: "How long does the agreement last?" });
      expect(result.citations[0]?.section, clause).toBe(clause.split(" ")[0]);
      expect(result.answer, clause).toMatch(answer);
    }
  });

  it("a contract for work without a term clause lasts until completion: the clause that sets it answers, with the defined date", () => {
    const text = [
      'This EPC Agreement is made between Wapiti Gas Ltd. (the "Owner") and Demo EPC Ltd. (the "Contractor").',
      '1.9 "Guaranteed Substantial Completion Date" means November 30, 2028, as extended in accordance with this Agreement.',
      "2.1 Scope of Work. The Contractor shall perform the Work described in Exhibit A for the Contract Price.",
      "4.1 Key Dates. The Contractor shall commence the Work on the Effective Date and shall achieve Substantial Completion by the Guaranteed Substantial Completion Date.",
    ].join("\n");
    const result = answerQuestion({ text, question: "How long does the contract last?" });
    expect(result.addressed).toBe(true);
    expect(result.citations[0]?.section).toBe("4.1");
    expect(result.answer).toMatch(/^No clause sets a term: a contract for work runs until the work is done.*Section 4\.1 \(Key Dates\) sets completion \(the Guaranteed Substantial Completion Date, November 30, 2028\)/);
  });

  it("does not take a survival clause, a termination right or 'during the term of' for the term", () => {
    const head = TERM.split("\n").slice(0, 3).join("\n");
    for (const clause of [
      "9.1 The confidentiality obligations shall survive the termination of this Agreement and continue in force for a period of five (5) years.",
      "10.9 Force Majeure. Any such non-performance shall be cause for termination of this Agreement by the other party if it continues for more than six (6) months.",
      "4.1 During the term of the Franchise Agreement the Member shall not, except as approved, own or manage a competing business until the end of the Term.",
    ]) {
      const result = answerQuestion({ text: `${head}\n${clause}`, question: "How long does the agreement last?" });
      expect(result.addressed, clause).toBe(false);
    }
  });

  it("reads an end date, and says so plainly when no clause states a term", () => {
    const until = TERM.replace(/6\.1 Term\..*\n/, "6.1 Term. This Agreement begins on December 1, 2026 and continues until November 30, 2029, unless terminated earlier.\n");
    expect(answerQuestion({ text: until, question: "How long does the agreement last?" }).answer).toMatch(/^Section 6\.1 \(Term\) sets the term\. It runs until November 30, 2029\./);
    const dated = TERM.replace(/6\.1 Term\..*\n/, "6.1 Term. This Agreement shall be effective as of the Effective Date and shall terminate on December 31, 2027.\n");
    expect(answerQuestion({ text: dated, question: "When does the agreement end?" }).answer).toMatch(/^Section 6\.1 \(Term\) sets the term\. It ends on December 31, 2027\./);
    const none = answerQuestion({ text: CONTRACT, question: "How long does the contract last?" });
    expect(none).toMatchObject({ addressed: false, citations: [] });
    expect(none.answer).toMatch(/^The contract does not appear to state its term/);
  });
});

describe("recitals and a flattened preamble frame the contract; they do not make its clauses definitions", () => {
  it("clauses after 'NOW, THEREFORE … agree as follows' are operative", () => {
    const text = [
      "COOPERATION AGREEMENT",
      'This Agreement is made between Harbour Foods Inc. ("Buyer") and Lakehead Dairy Ltd. ("Supplier").',
      "RECITALS",
      "WHEREAS, the Buyer wishes to buy dairy products.",
      "NOW, THEREFORE, the parties agree as follows:",
      "The Supplier shall keep the Buyer's information confidential.",
      "The Buyer shall pay each invoice within thirty (30) days.",
    ].join("\n");
    const segments = segmentText(text);
    expect(segments.filter((s) => /confidential|invoice/.test(s.text)).map((s) => s.definitional)).toEqual([false, false]);
  });

  it("a first paragraph that mentions recitals is no definitions heading", () => {
    const text = [
      'EXHIBIT 4.25 SERVICES AGREEMENT This Services Agreement is made between Acme Ltd. (the "Provider") and Beta Ltd. ("Recipient"). RECITALS A. Recipient wishes to engage the Provider. AGREEMENT The Parties hereby agree as follows: 1. Services.',
      "1.1 Provision of Services. The Provider shall provide the Services.",
      "3.1 Termination of Agreement. This Agreement shall terminate on December 31, 2020.",
    ].join("\n");
    expect(segmentText(text).filter((s) => /Provision|Termination/.test(s.text)).map((s) => s.definitional)).toEqual([false, false]);
    expect(answerQuestion({ text, question: "How long does the agreement last?" }).answer).toMatch(/^Section 3\.1 \(Termination of Agreement\) sets the term\. It ends on December 31, 2020\./);
  });
});

describe("the segmenter drops no clause text", () => {
  it("a flattened filing's first page on one line, starting 'Exhibit 10.22', is read, not dropped as a heading", () => {
    const text = [
      'Exhibit 10.22   SUPPLY AGREEMENT   This Supply Agreement is made between Harbour Foods Inc. ("Buyer") and Lakehead Dairy Ltd. ("Supplier"). 1. Supply. Supplier shall deliver the Products. 2. Term. 2.1 This Agreement shall commence on the Effective Date and continue for a period of twelve (12) months.',
      "3. Payment. Buyer shall pay each invoice within thirty (30) days.",
      "EXHIBIT A PRICES",
    ].join("\n");
    const segments = segmentText(text);
    expect(segments.some((s) => s.text.includes("twelve (12) months"))).toBe(true);
    expect(answerQuestion({ text, question: "How long does the agreement last?" }).answer).toMatch(/It runs for twelve \(12\) months/);
  });

  it("a page number or a filing's footer inside a clause neither heads nor ends it", () => {
    const text = [
      "11.3 Limitations of Liability.",
      "(c) Notwithstanding anything in this Agreement to the contrary, the cumulative liability of each party for all claims arising out of this Agreement",
      "Page 28",
      "Source: ACME HOLDINGS INC, 8-K, 5/14/2007",
      "regardless of the form of action shall not exceed the fees paid by Buyer in the preceding twelve months.",
    ].join("\n");
    const segments = segmentText(text);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ section: "11.3" });
    expect(segments[0]!.text).toContain("shall not exceed the fees paid");
  });

  it("'11. Indemnification.' on its own line names the article; the clause under it, not the heading, is the indemnity", () => {
    const text = ["11. Indemnification.", "11.1 Each Party shall indemnify the other Party from third-party claims arising from its breach."].join("\n");
    expect(analyseSegments(text).map((s) => [s.section, s.hits.map((h) => h.code)])).toEqual([
      ["11", []],
      ["11.1", ["indemnity"]],
    ]);
  });
});

describe("analyzeText", () => {
  const SELECTION =
    "The Contractor shall indemnify and hold harmless the Owner from any and all claims, regardless of whether caused by the negligence of the Owner. Notice of any claim must be given within 5 days, failing which the claim is waived.";

  it.each(ANALYSIS_TYPES)("answers the %s analysis with a valid, specific result", (analysisType) => {
    const result = analyzeText({ text: SELECTION, analysisType, prompt: analysisType === "custom" ? "who bears the owner's negligence" : null, contractText: CONTRACT });
    expect(() => textAnalysisResult.parse(result)).not.toThrow();
    expect(result.clauseCodes).toContain("indemnity");
    expect(result.analysis).toContain("indemnity");
    expect(result.riskLevel).toBe("critical");
  });

  it("risk: names the risk and recommends the fix", () => {
    const result = analyzeText({ text: SELECTION, analysisType: "risk" });
    expect(result.analysis).toContain("The Contractor's indemnity covers the Owner's own negligence");
    expect(result.recommendations.join(" ")).toContain("to the extent caused by");
    expect(result.legalConcerns.join(" ")).toContain("Claims time bar (5 days)");
  });

  it("legal: flags open-ended wording", () => {
    const result = analyzeText({ text: SELECTION, analysisType: "legal" });
    expect(result.legalConcerns.join(" ")).toContain("'any and all'");
  });

  it("timeline: lists periods and tight deadlines", () => {
    const result = analyzeText({ text: SELECTION, analysisType: "timeline" });
    expect(result.analysis).toContain("Only 5 days to act");
  });

  it("financial: lists amounts and percentages with their sentences", () => {
    const result = analyzeText({ text: "The Contractor shall pay $5,000 per day as liquidated damages, not to exceed 10% of the Contract Price.", analysisType: "financial" });
    expect(result.analysis).toContain("$5,000");
    expect(result.analysis).toContain("10%");
    expect(result.clauseCodes).toContain("liquidated_damages");
  });

  it("compliance and jurisdiction: name the statute and the province", () => {
    const text = "The Owner shall retain a holdback of 10% of each payment as required by the Construction Act (Ontario).";
    expect(analyzeText({ text, analysisType: "compliance" }).analysis).toContain("Construction Act");
    expect(analyzeText({ text, analysisType: "jurisdiction" }).analysis).toContain("Names Ontario");
  });

  it("custom: answers the prompt from the clause that bears on it instead of echoing the selection", () => {
    const result = analyzeText({ text: SELECTION, analysisType: "custom", prompt: "how long do we have to give notice of a claim", contractText: CONTRACT });
    const [answer] = result.analysis.split("\n\n").slice(1);
    expect(answer).toMatch(/^Section 5\.2 \(Notice of Claims\) addresses this/);
    expect(answer).toContain("Notice of any claim must be given within five (5) days of the event, failing which the claim is waived.");
  });

  it("custom: says plainly when neither the selection nor the contract answers the prompt", () => {
    const result = analyzeText({ text: SELECTION, analysisType: "custom", prompt: "Who pays for helicopter transport?", contractText: CONTRACT });
    expect(result.analysis).toContain('Neither the selection nor the rest of the contract answers "Who pays for helicopter transport?"');
  });

  it("contextual: points at the clauses elsewhere that bear on the selection", () => {
    const result = analyzeText({ text: SELECTION, analysisType: "contextual", contractText: CONTRACT });
    expect(result.analysis).toContain("The contract has no limitation of liability clause");
  });

  it("a passage with no recognised clause type is still read, at low risk", () => {
    const result = analyzeText({ text: "The parties met on Tuesday to discuss the project kick-off.", analysisType: "risk" });
    expect(result.clauseCodes).toEqual([]);
    expect(result.riskLevel).toBe("low");
    expect(result.analysis).toContain("No specific risk was found");
  });
});

describe("similarity", () => {
  it("ranks a paraphrase above an unrelated clause, and is 1 for identical text", () => {
    const a = "The Contractor shall indemnify the Owner against all claims arising from the Contractor's negligence.";
    const paraphrase = "Contractor will indemnify Owner for claims arising out of Contractor negligence.";
    const unrelated = "Invoices are payable within thirty days of receipt.";
    expect(similarity(a, a)).toBeCloseTo(1, 6);
    expect(similarity(a, paraphrase)).toBeGreaterThan(similarity(a, unrelated));
    expect(similarity(a, "")).toBe(0);
  });
});
