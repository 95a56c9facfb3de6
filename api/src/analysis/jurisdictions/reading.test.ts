import { describe, expect, it } from "vitest";
import { findGoverningLaw, sentencesOf } from "./reading";

const lawOf = (text: string) => findGoverningLaw(sentencesOf(text))?.place.name ?? null;

/* Shapes of the governing-law clause seen in filed commercial contracts (issue 13, item 3), written here. */
describe("governing law read from the text", () => {
  it.each([
    ["This Agreement shall be governed and construed according to the laws of the State of Kansas.", "Kansas"],
    ["This  Agreement  shall  be  construed  in accordance with the laws of the State of Iowa.", "Iowa"],
    ["THIS AGREEMENT SHALL BE GOVERNED IN ALL RESPECTS, INCLUDING VALIDITY AND EFFECT, BY THE LAWS OF THE STATE OF DELAWARE.", "Delaware"],
    ["The laws of the State of California shall govern all issues arising under or relating to this Agreement.", "California"],
    ["This Agreement is accepted by Company in the State of Nevada and shall be governed by and construed in accordance with the laws thereof.", "Nevada"],
    ["This Agreement shall be governed by the domestic laws of the State of Israel, without giving effect to any choice of law rule.", "Israel"],
    ["This agreement will be construed in accordance with the laws of Papua New Guinea.", "Papua New Guinea"],
    ["The validity and interpretation of this Agreement shall be governed by the laws of PRC.", "China"],
    ["This Agreement shall be governed by, and construed in accordance with the laws of Taiwan.", "Taiwan"],
    ["This Supply Agreement shall be governed by, and construed and enforced in accordance with, the laws of the State of Georgia.", "Georgia"],
    ["These rights and obligations shall be governed by the laws, other than choice of law rules, of the State of Florida.", "Florida"],
    ["This Agreement shall be governed by and construed exclusively in accordance with the laws and decisions of the State of Michigan.", "Michigan"],
  ])("%s", (clause, place) => {
    expect(lawOf(`1. Services. The Supplier shall supply the goods.\n${clause}\n`)).toBe(place);
  });

  it("takes the sentence under a Governing Law heading", () => {
    expect(lawOf("3.14 Governing Law.\nThe laws of the State of New York (excluding conflict rules) apply to all matters arising out of this Agreement.")).toBe("New York");
  });

  it("reads one sentence across a line and page break of a fixed-width filing", () => {
    const text = "Section 11.8. Governing Law.\n\n     This Agreement shall be construed in accordance with, and governed by, the\n\n\n\nlaws of the State of Georgia, without regard to conflicts rules.\n";
    const found = findGoverningLaw(sentencesOf(text));
    expect(found?.place.name).toBe("Georgia");
    expect(text.slice(found!.sentence.start, found!.sentence.end)).toBe(found!.sentence.text);
  });

  it("prefers the agreement's choice of law to earlier sentences that only mention laws", () => {
    const text = [
      "Accuray, a corporation subject to the laws of the United States of America, must avoid violations of such laws.",
      "Counsel's opinion shall be limited to matters governed by the laws of Tennessee.",
      "Franchise agreements which specify that claims will be governed by the laws of a state other than North Dakota are void.",
      "The Company shall have conducted the Conversion in accordance with the applicable laws of Tennessee.",
      "This Agreement shall be governed by, and construed in accordance with, the laws of the Federal Republic of Germany.",
    ].join("\n");
    expect(lawOf(text)).toBe("Germany");
  });

  it("finds none where laws are only to be complied with or a party is organised under them", () => {
    const text = "ABC Inc., a corporation organized under the laws of the State of Delaware, shall comply with the laws of Alberta.\nThe Contractor shall perform the Work.";
    expect(lawOf(text)).toBeNull();
  });
});
