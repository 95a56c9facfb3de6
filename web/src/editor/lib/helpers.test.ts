import { describe, expect, it } from "vitest";
import { getEditorSchema } from "@clausewise/shared/editor";
import { FONT_FAMILIES, FONT_SIZES_PX, TABLE_LIMITS, ZOOM } from "./constants";
import { imageFileProblem, isWordDocument, youtubeWatchUrl } from "./files";
import { findInText, findMatches, matchAtOrAfter, stepMatch } from "./find";
import { normalizeLinkUrl, validateLink } from "./link";
import { customStyleToFormat, DEFAULT_CUSTOM_STYLE, formatPreviewStyle, PREDEFINED_STYLES, validateCustomStyle } from "./styles";
import { validateTableSize } from "./table";
import { countWords, countWordsInHtml, stripTags } from "./word-count";
import { wordColor, wordHalfPoints } from "./word-export";
import { canZoomIn, canZoomOut, clampZoom, zoomIn, zoomOut } from "./zoom";

describe("zoom (spec §9: 50-200, step 10, start 100)", () => {
  it("starts at 100 and steps by 10 within the limits", () => {
    expect(ZOOM.initial).toBe(100);
    expect(zoomIn(100)).toBe(110);
    expect(zoomOut(100)).toBe(90);
    expect(zoomIn(200)).toBe(200);
    expect(zoomOut(50)).toBe(50);
  });

  it("clamps and snaps anything else onto the grid", () => {
    expect(clampZoom(10)).toBe(50);
    expect(clampZoom(500)).toBe(200);
    expect(clampZoom(134)).toBe(130);
    expect(clampZoom(Number.NaN)).toBe(100);
    expect(zoomIn(134)).toBe(140);
  });

  it("says when a step is possible", () => {
    expect(canZoomIn(200)).toBe(false);
    expect(canZoomIn(190)).toBe(true);
    expect(canZoomOut(50)).toBe(false);
    expect(canZoomOut(60)).toBe(true);
  });
});

describe("table size (spec §5: rows 1-20, columns 1-10, default 3 × 3)", () => {
  it("accepts the limits and the default", () => {
    expect(TABLE_LIMITS.defaultRows).toBe(3);
    expect(TABLE_LIMITS.defaultColumns).toBe(3);
    expect(validateTableSize(3, 3)).toEqual({ ok: true, rows: 3, columns: 3 });
    expect(validateTableSize("1", "1")).toEqual({ ok: true, rows: 1, columns: 1 });
    expect(validateTableSize(" 20 ", "10")).toEqual({ ok: true, rows: 20, columns: 10 });
  });

  it("refuses out-of-range, fractional and empty sizes, per field", () => {
    expect(validateTableSize(21, 3)).toEqual({ ok: false, errors: { rows: expect.stringContaining("1 to 20"), columns: undefined } });
    expect(validateTableSize(3, 11)).toEqual({ ok: false, errors: { rows: undefined, columns: expect.stringContaining("1 to 10") } });
    expect(validateTableSize(0, 0).ok).toBe(false);
    expect(validateTableSize("2.5", 3).ok).toBe(false);
    expect(validateTableSize("", 3).ok).toBe(false);
    expect(validateTableSize("-1", 3).ok).toBe(false);
  });
});

describe("links (spec §5: URL and text required; http, https, mailto)", () => {
  it("needs both the URL and the text", () => {
    expect(validateLink({ url: "", text: "" })).toEqual({ ok: false, errors: { url: expect.any(String), text: expect.any(String) } });
    expect(validateLink({ url: "https://example.com", text: "  " })).toEqual({ ok: false, errors: { text: expect.any(String) } });
    expect(validateLink({ url: " ", text: "Terms" })).toEqual({ ok: false, errors: { url: expect.any(String) } });
  });

  it("accepts web pages and e-mail addresses, trimmed", () => {
    expect(validateLink({ url: " https://example.com/terms ", text: " Terms " })).toEqual({ ok: true, href: "https://example.com/terms", text: "Terms" });
    expect(validateLink({ url: "http://example.com", text: "x" }).ok).toBe(true);
    expect(validateLink({ url: "mailto:counsel@example.com", text: "Counsel" }).ok).toBe(true);
  });

  it("reads bare addresses the way people type them", () => {
    expect(normalizeLinkUrl("example.com/terms")).toBe("https://example.com/terms");
    expect(normalizeLinkUrl("www.gov.ab.ca")).toBe("https://www.gov.ab.ca");
    expect(normalizeLinkUrl("counsel@example.com")).toBe("mailto:counsel@example.com");
  });

  it("refuses other schemes and malformed addresses", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,x", "ftp://example.com", "file:///etc/passwd", "/api/auth/logout", "https://", "mailto:nobody"]) {
      expect(validateLink({ url, text: "x" }).ok, url).toBe(false);
    }
  });
});

describe("word count (spec §4: from the content with tags stripped)", () => {
  it("strips tags, scripts and styles and decodes entities", () => {
    expect(stripTags("<p>Pay&nbsp;within <strong>28</strong> days</p><script>var x = 1</script>").replace(/\s+/g, " ").trim()).toBe("Pay within 28 days");
    expect(stripTags("Owner&amp;Contractor &#169; &#x41;")).toBe("Owner&Contractor © A");
  });

  it("counts words, not tags or punctuation", () => {
    expect(countWordsInHtml("<h1>Payment</h1><p>The Owner shall pay <em>within</em> 28 days.</p>")).toBe(8);
    expect(countWordsInHtml("<p>one</p><p>two</p>")).toBe(2);
    expect(countWordsInHtml("<p></p>")).toBe(0);
    expect(countWords("Clause — 4.1 • holdback")).toBe(3);
    expect(countWords("")).toBe(0);
  });
});

describe("styles (spec §9: ten predefined styles)", () => {
  it("has the ten styles with the sizes of the spec", () => {
    expect(PREDEFINED_STYLES.map((s) => s.name)).toEqual([
      "Heading 1",
      "Heading 2",
      "Heading 3",
      "Normal Text",
      "Quote",
      "Code",
      "Caption",
      "Legal Text",
      "Contract Title",
      "Section Header",
    ]);
    const byName = Object.fromEntries(PREDEFINED_STYLES.map((s) => [s.name, s.format]));
    expect(byName["Heading 1"]?.text.fontSize).toBe("36px");
    expect(byName["Heading 2"]?.text.fontSize).toBe("28px");
    expect(byName["Heading 3"]?.text.fontSize).toBe("22px");
    expect(byName["Normal Text"]?.text.fontSize).toBe("12px");
    expect(byName["Contract Title"]).toMatchObject({ align: "center", text: { fontSize: "24px" } });
    expect(byName["Section Header"]).toMatchObject({ text: { fontSize: "16px", underline: true } });
    expect(byName.Quote?.block).toEqual({ type: "blockquote" });
    expect(byName.Code?.block).toEqual({ type: "codeBlock" });
  });

  it("uses only the fonts and sizes of the toolbar", () => {
    const sizes = new Set(FONT_SIZES_PX.map((px) => `${px}px`));
    for (const style of PREDEFINED_STYLES) {
      if (style.format.text.fontSize) expect(sizes.has(style.format.text.fontSize), style.name).toBe(true);
      if (style.format.text.fontFamily) expect(FONT_FAMILIES).toContain(style.format.text.fontFamily);
    }
  });

  it("turns the custom style form into a format and a live preview", () => {
    const custom = { ...DEFAULT_CUSTOM_STYLE, font: "Georgia", size: "18px", color: "#1f2937", background: "#fff7cc", bold: true, underline: true, align: "justify" as const };
    expect(validateCustomStyle(custom)).toEqual({});
    const format = customStyleToFormat(custom);
    expect(format).toEqual({
      align: "justify",
      text: { fontFamily: "Georgia", fontSize: "18px", color: "#1f2937", backgroundColor: "#fff7cc", bold: true, italic: false, underline: true },
    });
    expect(formatPreviewStyle(format)).toMatchObject({ fontFamily: '"Georgia"', fontSize: "18px", fontWeight: "700", textDecoration: "underline", textAlign: "justify", backgroundColor: "#fff7cc" });
    expect(customStyleToFormat(DEFAULT_CUSTOM_STYLE).text.backgroundColor).toBeUndefined();
  });

  it("refuses values outside the lists", () => {
    expect(Object.keys(validateCustomStyle({ ...DEFAULT_CUSTOM_STYLE, font: "Wingdings", size: "13px", color: "red", background: "blue" }))).toEqual(["font", "size", "color", "background"]);
  });
});

describe("find and replace matching", () => {
  it("finds every occurrence, case-insensitively unless asked", () => {
    expect(findInText("Owner, owner, OWNER", "owner")).toEqual([
      { index: 0, length: 5 },
      { index: 7, length: 5 },
      { index: 14, length: 5 },
    ]);
    expect(findInText("Owner, owner, OWNER", "owner", { caseSensitive: true })).toEqual([{ index: 7, length: 5 }]);
  });

  it("does nothing for an empty search and treats the text literally", () => {
    expect(findInText("anything", "")).toEqual([]);
    expect(findInText("cost (a) + cost (b)", "(a)")).toEqual([{ index: 5, length: 3 }]);
    expect(findInText("aaaa", "aa")).toEqual([
      { index: 0, length: 2 },
      { index: 2, length: 2 },
    ]);
  });

  it("maps matches to document positions, across marks and within one paragraph", () => {
    const schema = getEditorSchema();
    const bold = schema.marks.bold!;
    const doc = schema.node("doc", null, [
      schema.node("paragraph", null, [schema.text("Pay within "), schema.text("28 days", [bold.create()]), schema.text(".")]),
      schema.node("paragraph", null, [schema.text("Pay within 30 days")]),
    ]);
    const matches = findMatches(doc, "within 28");
    expect(matches).toHaveLength(1);
    expect(doc.textBetween(matches[0]!.from, matches[0]!.to)).toBe("within 28");
    const days = findMatches(doc, "days");
    expect(days.map((m) => doc.textBetween(m.from, m.to))).toEqual(["days", "days"]);
    // No match runs from one paragraph into the next.
    expect(findMatches(doc, "days.Pay")).toEqual([]);
  });

  it("steps through matches with wrap-around", () => {
    expect(stepMatch(3, -1, 1)).toBe(0);
    expect(stepMatch(3, -1, -1)).toBe(2);
    expect(stepMatch(3, 2, 1)).toBe(0);
    expect(stepMatch(3, 0, -1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(-1);
    const ranges = [
      { from: 5, to: 8 },
      { from: 20, to: 23 },
    ];
    expect(matchAtOrAfter(ranges, 10)).toBe(1);
    expect(matchAtOrAfter(ranges, 30)).toBe(0);
    expect(matchAtOrAfter([], 0)).toBe(-1);
  });
});

describe("files", () => {
  it("accepts Word documents by type or .docx name only (spec §5)", () => {
    expect(isWordDocument({ name: "Contract.DOCX", type: "" })).toBe(true);
    expect(isWordDocument({ name: "x", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" })).toBe(true);
    expect(isWordDocument({ name: "old.doc", type: "application/msword" })).toBe(false);
    expect(isWordDocument({ name: "contract.pdf", type: "application/pdf" })).toBe(false);
  });

  it("accepts raster images up to 5 MB", () => {
    expect(imageFileProblem({ name: "site.jpg", type: "image/jpeg", size: 1024 })).toBeNull();
    expect(imageFileProblem({ name: "notes.pdf", type: "application/pdf", size: 1024 })).toMatch(/image file/);
    expect(imageFileProblem({ name: "logo.svg", type: "image/svg+xml", size: 1024 })).toMatch(/SVG/);
    expect(imageFileProblem({ name: "big.png", type: "image/png", size: 5 * 1024 * 1024 + 1 })).toMatch(/smaller than 5\.0 MB/);
  });

  it("reads YouTube addresses in their usual forms", () => {
    const canonical = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
    for (const url of ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42", "youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ", "https://youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]) {
      expect(youtubeWatchUrl(url), url).toBe(canonical);
    }
    for (const url of ["https://vimeo.com/1234", "javascript:alert(1)", "https://www.youtube.com/watch?v=short", "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ"]) {
      expect(youtubeWatchUrl(url), url).toBeNull();
    }
  });
});

describe("Word export units", () => {
  it("converts CSS colours and sizes to Word's", () => {
    expect(wordColor("#1f2937")).toBe("1F2937");
    expect(wordColor("#abc")).toBe("AABBCC");
    expect(wordColor("rgb(255, 0, 16)")).toBe("FF0010");
    expect(wordColor("red")).toBeUndefined();
    expect(wordHalfPoints("16px")).toBe(24);
    expect(wordHalfPoints("12pt")).toBe(24);
    expect(wordHalfPoints("large")).toBeUndefined();
  });
});
