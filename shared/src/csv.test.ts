import { describe, expect, it } from "vitest";
import { csvCell, csvFileSlug, toCsv } from "./csv";

describe("csv", () => {
  it("quotes commas, quotes, line breaks and edge spaces, doubling inner quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('He said "no"')).toBe('"He said ""no"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rlf")).toBe('"cr\rlf"');
    expect(csvCell(" padded")).toBe('" padded"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("defuses cells a spreadsheet would run as a formula, but keeps numbers", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\",\"x\")")).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("+1+1")).toBe("'+1+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("＝1+1")).toBe("'＝1+1");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(2.5)).toBe("2.5");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("writes a header and rows with CRLF line ends", () => {
    expect(toCsv(["Name", "Count"], [["Alberta", 2], ["Québec, QC", 1]])).toBe('Name,Count\r\nAlberta,2\r\n"Québec, QC",1\r\n');
  });

  it("makes a file name part from free text", () => {
    expect(csvFileSlug("Demo EPC Ltd.")).toBe("demo-epc-ltd");
    expect(csvFileSlug("Hydro-Québec / Site 2")).toBe("hydro-quebec-site-2");
    expect(csvFileSlug("***")).toBe("export");
  });
});
