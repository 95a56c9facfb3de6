import type { AnalysisFinding, ContractAnalysisResult } from "@clausewise/shared";
import { describe, expect, it } from "vitest";
import { renderContract } from "../../seed/contracts/render";
import { DEMO_CONTRACTS } from "../../seed/demo-data";
import { jurisdictionNotes } from "../jurisdictions/notes";
import { analyseSegments } from "./detect";
import { analyzeContract, setupJudging } from "./findings";
import { OWNER_EPC_AGREEMENT, TEXAS_OM_AGREEMENT } from "./fixtures/owner-contracts";
import { maskDots } from "./judges";
import { limitationTerms } from "./judging/liability";
import { payWhenPaidTerms } from "./judging/money";
import { readParties, sameCompany } from "./parties";
import { answerQuestion } from "./questions";
import { analyzeText } from "./text-analysis";

/*
 * Issue 13 items 2–5: parties and the side a contract is judged from, the law and place read from
 * the text, precise judges, and selections and questions read in their clause.
 */

const titles = (list: AnalysisFinding[] | undefined) => (list ?? []).map((f) => f.title);
const everything = (r: ContractAnalysisResult) => [...r.riskItems, ...r.advantages, ...r.recommendations];
const demo = (key: string) => {
  const found = DEMO_CONTRACTS.find((d) => d.key === key)!;
  return { title: found.title, text: renderContract(found.source).plainText };
};

describe("parties and their roles", () => {
  it.each([
    ["gasPlant", [["WAPITI RIDGE MIDSTREAM LTD.", "Owner", "customer"], ["DEMO EPC LTD.", "Contractor", "provider"]]],
    ["steel", [["DEMO EPC LTD.", "Contractor", "customer"], ["RIDGELINE STRUCTURAL STEEL INC.", "Subcontractor", "provider"]]],
    ["pulpMill", [["CARIBOO FIBRE PULP CORP.", "Company", "customer"], ["DEMO EPC LTD.", "Contractor", "provider"]]],
  ])("finds the parties of the demo contract %s, not the others its recitals define", (key, expected) => {
    const { text } = demo(key);
    const parties = readParties(text);
    expect(parties.map((p) => [p.name, p.role, p.side])).toEqual(expected);
    for (const p of parties) expect(text.slice(p.start, p.end)).toBe(p.excerpt);
  });

  it("finds the parties of contracts where the company is the Owner, defined with 'hereinafter' or bare quotes", () => {
    expect(readParties(OWNER_EPC_AGREEMENT).map((p) => [p.name, p.role, p.side])).toEqual([
      ["NORTHWIND MIDSTREAM LIMITED", "Owner", "customer"],
      ["Foothills Industrial Constructors Inc.", "Contractor", "provider"],
    ]);
    expect(readParties(TEXAS_OM_AGREEMENT).map((p) => [p.name, p.role, p.side])).toEqual([
      ["Lone Star Generation Partners, LLC", "Owner", "customer"],
      ["Gulf Coast Plant Services, Inc.", "Operator", "provider"],
    ]);
  });

  it.each([
    [
      "a short name before the description, the other after it",
      'This Sponsorship Agreement ("Agreement") is made as of February 1, 2027 (the "Effective Date"), by and between Northgate Retail Inc. ("Northgate"), a Delaware corporation, and Prairie Arena Holdings, Inc., a Nevada corporation ("Arena"). Northgate and Arena are each a "Party."',
      [["Northgate Retail Inc.", "Northgate"], ["Prairie Arena Holdings, Inc.", "Arena"]],
    ],
    [
      "a party defined 'collectively and hereinafter' after an aside in parentheses",
      'This Network Build Agreement is entered into as of July 31, 2027 by and between Tundra Wireless, LLC, a Delaware limited liability company (hereinafter referred to as "Vendor"), and Boreal Mobility LLC, a Delaware limited liability company on behalf of itself and its Affiliates (as such term is defined herein) (collectively and hereinafter referred to as "Boreal"), each a "Party."',
      [["Tundra Wireless, LLC", "Vendor"], ["Boreal Mobility LLC", "Boreal"]],
    ],
    [
      "a person given a short name, and an address between a name and its definition",
      'This Endorsement Agreement is made by and between Lakeshore Golf, Inc. having its principal place of business at 12 Harbour Road, Kingston, Ontario ("Lakeshore"), and Jordan Miles Carter ("Carter").',
      [["Lakeshore Golf, Inc.", "Lakeshore"], ["Jordan Miles Carter", "Carter"]],
    ],
    [
      "names on lines of their own, as in a filed copy",
      'Collaboration Agreement\n\nThis Agreement is entered into by and between\n\nAlpenrose Pharma AG\n\nwith an office and place of business at 4 Rheinweg, Basel, Switzerland ("Alpenrose")\n\nand\n\nCedar Genomics, Inc.\n\nwith an office and place of business at 150 Second Street, Cambridge, Massachusetts ("Cedar")\n\nWHEREAS the parties wish to collaborate.',
      [["Alpenrose Pharma AG", "Alpenrose"], ["Cedar Genomics, Inc.", "Cedar"]],
    ],
    [
      "a definition after a long aside that names the party's affiliates",
      'This Supply Agreement is made by and between Kestrel Biotec GmbH, a German corporation (hereinafter referred to as "Kestrel"), and Osprey Therapeutics, Inc., a US corporation having a registered office at 2130 West Holcombe Boulevard, Houston, TX 77030 (on behalf of itself and its Affiliates, individually and collectively referred to as "Osprey"). Kestrel and Osprey are sometimes referred to herein individually as a "Party".\n\nRECITALS',
      [["Kestrel Biotec GmbH", "Kestrel"], ["Osprey Therapeutics, Inc.", "Osprey"]],
    ],
  ])("finds both parties of a commercial preamble: %s", (_, text, expected) => {
    const parties = readParties(text);
    expect(parties.map((p) => [p.name, p.role])).toEqual(expected);
    for (const p of parties) expect(text.slice(p.start, p.end)).toBe(p.excerpt);
  });

  it("names a party known by a short form of its name without 'the', and reads the side of the only role word", () => {
    const text = [
      'This Network Build Agreement is entered into as of July 31, 2027 by and between Tundra Wireless, LLC, a Delaware limited liability company (hereinafter referred to as "Vendor"), and Boreal Mobility LLC, a Delaware limited liability company (collectively and hereinafter referred to as "Boreal").',
      "1. Indemnity. Vendor shall indemnify, defend and hold harmless Boreal from all claims, including claims caused by the negligence of Boreal, without limit.",
      "2. Governing Law. This Agreement shall be governed by the laws of the State of New York.",
    ].join("\n");
    const parties = readParties(text);
    expect(parties.map((p) => [p.role, p.side])).toEqual([
      ["Vendor", "provider"],
      ["Boreal", "customer"],
    ]);
    const result = analyzeContract(text, { ourPartyRole: "Boreal" });
    expect(result.summary).toContain("Boreal Mobility LLC (Boreal)");
    expect(result.summary).toContain("From Boreal's side");
    const titles = [...result.riskItems, ...result.advantages].map((f) => f.title).join(" | ");
    expect(titles).toMatch(/Vendor's indemnity covers Boreal's own negligence|indemnity given by the Vendor/);
    expect(titles).not.toMatch(/\bthe Boreal\b|Contractor|Owner/);
  });

  it("reads a party given two names in one definition, and the sides from the role among them", () => {
    const text = [
      'SUPPLY AGREEMENT This Supply Agreement (the "Agreement") is made as of March 1, 2018, by and between Cutanea Life Sciences, Inc., a corporation duly organized and existing under the laws of the State of Delaware with its principal place of business at 1500 Liberty Ridge Drive, Wayne, PA 19087 hereinafter referred to as "CUTANEA"), and Ferrer Internacional, S.A., a Spanish corporation with its principal place of business at Av. Diagonal, 549, Barcelona (Spain) (hereinafter indistinctly referred to as "Ferrer" and/or "Supplier"). WITNESSETH:',
      "9.1 Ferrer shall indemnify and hold harmless CUTANEA from all claims arising from defects in the Products.",
    ].join("\n");
    const parties = readParties(text);
    expect(parties.map((p) => [p.name, p.role, p.aliases ?? [], p.side])).toEqual([
      ["Cutanea Life Sciences, Inc.", "CUTANEA", [], "customer"],
      ["Ferrer Internacional, S.A.", "Ferrer", ["Supplier"], "provider"],
    ]);
    const result = analyzeContract(text);
    expect(titles(result.riskItems)).toContain("Uncapped indemnity given by Ferrer");
  });

  it("takes the company at the end of a phrase that runs into its name as the party", () => {
    const text =
      'LIMITED POWER OF ATTORNEY\n\nKNOW ALL MEN BY THESE PRESENTS, dated as of January 1, 2004, that FEDERATED INVESTMENT MANAGEMENT COMPANY, a statutory trust duly organized under the laws of the State of Delaware (the "Adviser"), does hereby nominate, constitute and appoint FEDERATED ADVISORY SERVICES COMPANY, a statutory trust duly organized under the laws of the State of Delaware ("FASC"), to act hereunder as the true and lawful agent of the Adviser.';
    expect(readParties(text).map((p) => [p.name, p.role])).toEqual([
      ["FEDERATED INVESTMENT MANAGEMENT COMPANY", "Adviser"],
      ["FEDERATED ADVISORY SERVICES COMPANY", "FASC"],
    ]);
  });

  it("tells the customer from the provider by what the contract makes each do when their names do not say", () => {
    const text = [
      'This Manufacturing Agreement is made by and between Alder Medical, Inc., a Delaware corporation ("Alder"), and Birchwood Devices Ltd., an Ontario corporation ("Birchwood").',
      "2.1 Birchwood shall manufacture the Products in accordance with the Specifications. Birchwood shall deliver the Products FCA its plant.",
      "3.1 Alder shall purchase from Birchwood its requirements of the Products. Alder shall pay each invoice within 30 days. Amounts payable to Birchwood bear interest when late.",
      "4.1 Alder shall reimburse Birchwood for freight.",
    ].join("\n");
    expect(readParties(text).map((p) => [p.role, p.side])).toEqual([
      ["Alder", "customer"],
      ["Birchwood", "provider"],
    ]);
    // Duties that do not tell (a collaboration where both develop) leave the shown sides unknown.
    const even = text.replace(/Alder shall (purchase|pay|reimburse)/g, "Alder shall develop").replace("Amounts payable to Birchwood bear", "Amounts bear");
    expect(readParties(even).map((p) => p.side)).toEqual([null, null]);
  });

  it("never names an Owner or a Contractor the contract does not have: findings name the parties it defines", () => {
    const text = [
      'This Co-Branding Agreement is entered into by and between Maple Media, Inc. ("Maple") and Spruce Search Corp. ("Spruce").',
      "1. Indemnity. Spruce shall indemnify, defend and hold harmless Maple from any and all claims arising from the Co-Branded Site, without limit.",
      "2. Termination. Maple may terminate this Agreement at any time for its convenience on 10 days' notice.",
      "3. Governing Law. This Agreement shall be governed by the laws of the State of California.",
    ].join("\n");
    const parties = readParties(text);
    expect(parties.map((p) => p.side)).toEqual([null, null]);
    const result = analyzeContract(text);
    const said = everything(result).map((f) => `${f.title} ${f.description}`).join(" | ");
    expect(said).toMatch(/indemnity given by Spruce/);
    expect(said).toMatch(/Spruce indemnifies Maple/);
    expect(said).not.toMatch(/\b(?:Owner|Contractor)\b/);
  });

  it("names a side no party is on by the words the text uses, or as the other party", () => {
    const oneParty = 'This Services Agreement is made with Larch Analytics LLC (the "Consultant").\n1. Indemnity. The Consultant shall indemnify and hold harmless the Client from any and all claims.';
    expect(titles(analyzeContract(oneParty).riskItems).join(" | ")).toMatch(/indemnity given by the Consultant/);
    expect(everything(analyzeContract(oneParty)).map((f) => f.description).join(" ")).not.toMatch(/\bOwner\b/);
    const noParties = "1. Indemnity. The supplier of the goods shall indemnify and hold harmless the purchaser of them from any and all claims.";
    expect(everything(analyzeContract(noParties)).map((f) => `${f.title} ${f.description}`).join(" ")).not.toMatch(/\b(?:Owner|Contractor)\b/);
  });

  it("says which section chose the law, without taking an address line for its heading", () => {
    const text = [
      'Transportation Agreement between Alder Courier Ltd. ("Carrier") and Birch Freight Inc. ("Customer").',
      "35.2 Notices shall be sent to:",
      "Birch Freight Inc.",
      "2630 Skymark Avenue Mississauga, Ontario L4W 5A4",
      "36.1 This Agreement shall be governed and construed in accordance with the laws of the Province of Ontario.",
    ].join("\n");
    const law = analyzeContract(text).governingLaw;
    expect(law).toMatchObject({ name: "Ontario", section: "36.1" });
    expect(law!.reason).toBe("Section 36.1 says it is governed by the laws of Ontario.");
  });

  it("matches the company's name to a party whatever the legal suffix, case and punctuation", () => {
    expect(sameCompany("Northwind Midstream Ltd.", "NORTHWIND MIDSTREAM LIMITED")).toBe(true);
    expect(sameCompany("Lone Star Generation Partners LLC", "Lone Star Generation Partners, LLC")).toBe(true);
    expect(sameCompany("Demo EPC Ltd.", "DEMO EPC LTD.")).toBe(true);
    expect(sameCompany("Demo EPC Ltd.", "Demo Energy Ltd.")).toBe(false);
    const owner = analyzeContract(OWNER_EPC_AGREEMENT, { companyName: "Northwind Midstream Ltd." });
    expect(owner.perspective).toMatchObject({ role: "Owner", side: "customer", source: "company_name" });
    const texas = analyzeContract(TEXAS_OM_AGREEMENT, { companyName: "Lone Star Generation Partners LLC" });
    expect(texas.perspective).toMatchObject({ role: "Owner", side: "customer", source: "company_name" });
  });

  it("takes the chosen party over the name, assumes the contractor only for a company that plainly builds, else stays neutral", () => {
    expect(analyzeContract(OWNER_EPC_AGREEMENT, { companyName: "Northwind Midstream Ltd.", ourPartyRole: "Contractor" }).perspective).toMatchObject({ role: "Contractor", side: "provider", source: "chosen" });
    expect(analyzeContract(OWNER_EPC_AGREEMENT, { companyName: "Prairie Builders Ltd." }).perspective).toMatchObject({ role: "Contractor", side: "provider", source: "assumed" });
    const neutral = analyzeContract(OWNER_EPC_AGREEMENT, { companyName: "Acme Holdings Inc." });
    expect(neutral.perspective).toMatchObject({ role: null, side: null, source: "unknown" });
    expect(neutral.perspective!.note).toMatch(/not known/);
    // Neutral findings name the party a term burdens.
    expect(titles(neutral.riskItems)).toContain("Uncapped indemnity given by the Contractor");
  });
});

describe("every risk and advantage from our side", () => {
  const asOwner = analyzeContract(OWNER_EPC_AGREEMENT, { companyName: "Northwind Midstream Ltd." });
  const asContractor = analyzeContract(OWNER_EPC_AGREEMENT, { ourPartyRole: "Contractor" });

  it("the same uncapped indemnity is a risk for the party that gives it and an advantage for the one it protects", () => {
    const title = "Uncapped indemnity given by the Contractor";
    expect(titles(asContractor.riskItems)).toContain(title);
    expect(titles(asContractor.advantages)).not.toContain(title);
    expect(titles(asOwner.advantages)).toContain(title);
    expect(titles(asOwner.riskItems)).not.toContain(title);
    // Both quote the same clause.
    const risk = asContractor.riskItems.find((f) => f.title === title)!;
    const advantage = asOwner.advantages.find((f) => f.title === title)!;
    expect([risk.section, risk.start]).toEqual([advantage.section, advantage.start]);
  });

  it("termination for convenience and liquidated damages change sides with us", () => {
    const tfc = "The Owner may terminate for convenience without paying lost profit";
    expect(titles(asContractor.riskItems)).toContain(tfc);
    expect(titles(asOwner.advantages)).toContain(tfc);
    const ld = asContractor.riskItems.find((f) => f.category === "liquidated_damages");
    expect(ld?.title).toMatch(/^Liquidated damages for delay \(\$40,000 per day\), capped at 10% of the contract price/);
    expect(asOwner.advantages.some((f) => f.category === "liquidated_damages")).toBe(true);
    expect(asOwner.riskItems.some((f) => f.category === "liquidated_damages")).toBe(false);
  });

  it("names the indemnity's carve-outs and the LD rate against the contract price", () => {
    const broad = asContractor.riskItems.find((f) => f.title === "Broad-form indemnity given by the Contractor")!;
    expect(broad.description).toContain("gross negligence or wilful misconduct");
    expect(broad.description).toContain("Ordinary negligence of the Owner stays covered");
    const ld = asContractor.riskItems.find((f) => f.category === "liquidated_damages")!;
    expect(ld.description).toContain("0.13% of the contract price");
    expect(ld.description).toContain("The cap is reached after about 80 days of delay");
  });
});

describe("law and place from the text", () => {
  const texas = analyzeContract(TEXAS_OM_AGREEMENT, { companyName: "Lone Star Generation Partners LLC" });

  it("a Texas-law O&M agreement is an O&M contract under Texas law, with no Canadian statute findings", () => {
    expect(texas.contractType).toBe("operations_maintenance");
    expect(texas.governingLaw).toMatchObject({ name: "Texas", country: "United States", canadian: false, section: "7.1" });
    expect(texas.governingLaw!.excerpt).toContain("governed by and construed in accordance with the laws of the State of Texas");
    expect(TEXAS_OM_AGREEMENT.slice(texas.governingLaw!.start, texas.governingLaw!.end)).toBe(texas.governingLaw!.excerpt);
    expect(texas.governingLaw!.reason).toMatch(/^Section 7\.1 \(GOVERNING LAW\) says it is governed by the laws of Texas/);
    expect(texas.placeOfWork).toMatchObject({ name: "Texas", canadian: false });
    expect(texas.jurisdictionNote).toMatch(/Canadian statutes do not apply/);
    for (const f of everything(texas)) expect(`${f.title} ${f.description}`).not.toMatch(/Ontario|Alberta|British Columbia|Quebec|Construction Act|Prompt Payment|provincial|Canad|statutory holdback/i);
    expect(jurisdictionNotes(TEXAS_OM_AGREEMENT, "operations_maintenance")).toEqual([{ jurisdiction: "Texas", note: "Governed by the laws of Texas: Canadian statutes do not apply and were not checked." }]);
  });

  it("Canadian law brings in the province's statutes; foreign law for work in Canada is a risk", () => {
    const alberta = analyzeContract(OWNER_EPC_AGREEMENT, { ourPartyRole: "Contractor" });
    expect(alberta.governingLaw).toMatchObject({ name: "Alberta", canadian: true, jurisdictionCode: "AB" });
    expect(alberta.jurisdictionNote).toMatch(/^Canadian statute checks apply/);
    expect(titles(alberta.riskItems)).toContain("Statutory holdback (Alberta)");
    const foreign = analyzeContract(OWNER_EPC_AGREEMENT.replace("the laws of the Province of Alberta and the federal laws of Canada applicable therein", "the laws of the State of New York"), { ourPartyRole: "Contractor" });
    expect(foreign.governingLaw).toMatchObject({ name: "New York", canadian: false });
    expect(foreign.placeOfWork).toMatchObject({ name: "Alberta", canadian: true });
    expect(titles(foreign.riskItems)).toContain("Foreign governing law (New York) for work in Canada");
    expect(foreign.jurisdictionNote).toMatch(/the work is in Alberta/);
  });
});

describe("precise judges", () => {
  const judgeAs = (code: "limitation_of_liability" | "pay_when_paid", text: string) => {
    const segments = analyseSegments(text);
    const setup = setupJudging(text, segments, {});
    const ctx = { ...setup.base, t: maskDots(text.toLowerCase()), cap: setup.cap };
    return code === "limitation_of_liability" ? limitationTerms(ctx) : payWhenPaidTerms(ctx);
  };

  it("a consequential-damages waiver without a cap is reported as a waiver, never as a cap", () => {
    const texas = analyzeContract(TEXAS_OM_AGREEMENT, { ourPartyRole: "Operator" });
    expect(titles(texas.advantages)).toContain("Mutual waiver of consequential damages");
    const waiver = texas.advantages.find((f) => f.title === "Mutual waiver of consequential damages")!;
    expect(waiver.description).toContain("not a cap on liability");
    expect(titles(texas.advantages).filter((t) => /capped/i.test(t))).toEqual([]);
    expect(titles(texas.riskItems)).toContain("No cap on liability");
    const terms = judgeAs("limitation_of_liability", "12.1 In no event shall either party be liable for indirect or consequential damages.");
    expect(terms.map((t) => t.title)).toEqual(["Mutual waiver of consequential damages"]);
    // A cap needs a number or a formula; with one it is a cap.
    expect(judgeAs("limitation_of_liability", "12.1 Each party's total liability shall not exceed the fees paid in the preceding twelve months.").map((t) => t.title)).toEqual(["Liability is capped"]);
  });

  it("a one-way waiver says whom it protects", () => {
    const terms = judgeAs("limitation_of_liability", "12.1 The Contractor shall not be liable to the Owner for any loss of profit or consequential loss.");
    expect(terms).toMatchObject([{ title: "One-way waiver of consequential damages (protects the Contractor)", riskFor: "customer", favours: "provider" }]);
  });

  it("'within 60 days after receipt of notice from Owner' and a confidentiality exception are not pay-when-paid; payment after the payer is paid is", () => {
    expect(judgeAs("pay_when_paid", "4.2 If the Contractor fails to pay the Subcontractor any amount due within 60 days after receipt of notice from Owner, the Subcontractor may suspend the Work.")).toEqual([]);
    expect(judgeAs("pay_when_paid", "9.3 The obligations of this Article do not apply to information received from a third party that is not bound by confidentiality.")).toEqual([]);
    expect(judgeAs("pay_when_paid", "4.2 The Contractor shall pay the Subcontractor within 7 days after the Contractor's receipt of payment from the Owner for the Subcontract Work.")).toMatchObject([{ title: "Pay-when-paid", riskFor: "provider" }]);
    expect(titles(analyzeContract(TEXAS_OM_AGREEMENT, { ourPartyRole: "Operator" }).riskItems).filter((t) => /pay-(when|if)-paid/i.test(t))).toEqual([]);
  });

  it("every finding quotes the clause it rests on, or says what is missing", () => {
    for (const text of [OWNER_EPC_AGREEMENT, TEXAS_OM_AGREEMENT]) {
      const result = analyzeContract(text, { ourPartyRole: "Owner" });
      for (const f of [...result.riskItems, ...result.advantages]) {
        if (f.excerpt === "") expect(f.title).toMatch(/^(No |Payment timing not stated|Statutory)/);
        else expect(text.slice(f.start, f.end)).toBe(f.excerpt);
      }
      for (const f of result.recommendations) if (f.excerpt !== "") expect(text.slice(f.start, f.end)).toBe(f.excerpt);
    }
  });
});

describe("selections and questions in their clause", () => {
  it("a partial selection of a high-risk clause reports that clause's risk, and says it read the whole clause", () => {
    const selection = "shall indemnify, defend and hold harmless the Owner";
    const start = OWNER_EPC_AGREEMENT.indexOf(selection);
    const inClause = analyzeText({ text: selection, analysisType: "risk", contractText: OWNER_EPC_AGREEMENT, start, end: start + selection.length, ourPartyRole: "Contractor" });
    expect(inClause.riskLevel).toBe("high");
    expect(inClause.analysis).toMatch(/^You selected part of Section 5\.1 \(INDEMNITY\); it was read in the context of the whole clause\./);
    expect(inClause.analysis).toContain("Broad-form indemnity given by the Contractor");
    expect(inClause.context).toMatchObject({ section: "5.1" });
    expect(OWNER_EPC_AGREEMENT.slice(inClause.context!.start, inClause.context!.end)).toBe(inClause.context!.excerpt);
    // The same words on their own say much less: the clause around them carries the risk.
    expect(analyzeText({ text: selection, analysisType: "risk", ourPartyRole: "Contractor" }).analysis).not.toContain("Broad-form");
    // Found by its words when the offsets are stale.
    expect(analyzeText({ text: selection, analysisType: "risk", contractText: OWNER_EPC_AGREEMENT, start: 0, end: 5, ourPartyRole: "Contractor" }).context).toMatchObject({ section: "5.1" });
  });

  it("a yes/no question about a present clause answers Yes and quotes that clause first", () => {
    const gas = demo("gasPlant");
    const result = answerQuestion({ text: gas.text, question: "Is there a limitation of liability?" });
    expect(result.answer).toMatch(/^Yes: Section 11\.\d/);
    expect(result.citations[0]!.section).toMatch(/^11\./);
    expect(gas.text.slice(result.citations[0]!.start, result.citations[0]!.end)).toBe(result.citations[0]!.excerpt);
    const capped = answerQuestion({ text: OWNER_EPC_AGREEMENT, question: "Are liquidated damages capped?" });
    expect(capped.answer).toMatch(/^Yes: Section 4\.1 \(LIQUIDATED DAMAGES\) is the liquidated damages clause\./);
    expect(capped.citations[0]!.section).toBe("4.1");
  });

  it("says No when the contract lacks what a yes/no question asks about", () => {
    const result = answerQuestion({ text: TEXAS_OM_AGREEMENT, question: "Is there a force majeure clause?" });
    expect(result.addressed).toBe(false);
    expect(result.answer).toMatch(/^No: The contract does not appear to address this/);
  });
});
