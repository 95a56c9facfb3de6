import { describe, expect, it } from "vitest";
import { exhibitFormData } from "../../api/exhibits";
import { EMPTY_EXHIBIT_DRAFT, EXHIBIT_ACCEPT, exhibitFileProblem, reviewProblem, validateExhibitDraft } from "./exhibit-form";

const file = (name: string, size = 10) => ({ name, size });

describe("validateExhibitDraft", () => {
  it("asks for a title first, in the spec's words", () => {
    expect(validateExhibitDraft({ title: "  ", isPlanned: true, file: null })).toEqual([
      { field: "title", title: "Missing Information", description: "Please provide a title." },
    ]);
  });

  it("asks for a file unless the exhibit is planned", () => {
    expect(validateExhibitDraft({ title: "Scope of Work", isPlanned: false, file: null })).toEqual([
      { field: "file", title: "Missing File", description: "Please select a file or mark this as a planned exhibit." },
    ]);
    expect(validateExhibitDraft({ title: "Scope of Work", isPlanned: true, file: null })).toEqual([]);
    expect(validateExhibitDraft({ title: "Scope of Work", isPlanned: false, file: new File(["x"], "a.pdf") })).toEqual([]);
  });

  it("reports both problems of an empty form, title first", () => {
    expect(validateExhibitDraft(EMPTY_EXHIBIT_DRAFT).map((p) => p.field)).toEqual(["title", "file"]);
  });
});

describe("exhibitFileProblem", () => {
  it("accepts the spec's types, whatever the case of the extension", () => {
    expect(EXHIBIT_ACCEPT).toBe(".pdf,.doc,.docx,.txt,.xlsx,.xls,.ppt,.pptx");
    for (const name of ["a.pdf", "a.doc", "a.docx", "a.txt", "a.xlsx", "a.xls", "a.ppt", "B.PPTX"]) {
      expect(exhibitFileProblem(file(name))).toBeNull();
    }
  });

  it("refuses other types with a clear message", () => {
    for (const name of ["photo.png", "archive.zip", "pdf", ".pdf", "script.pdf.exe"]) {
      expect(exhibitFileProblem(file(name))).toMatch(/^Invalid file type - Exhibits can be PDF, Word/);
    }
  });

  it("refuses files over 10 MB and empty files", () => {
    expect(exhibitFileProblem(file("big.pdf", 10 * 1024 * 1024))).toBeNull();
    expect(exhibitFileProblem(file("big.pdf", 10 * 1024 * 1024 + 1))).toBe("File too large - Please select a file smaller than 10MB.");
    expect(exhibitFileProblem(file("empty.txt", 0))).toMatch(/^The file is empty/);
  });
});

describe("reviewProblem", () => {
  it("needs a status", () => {
    expect(reviewProblem("")).toBe("Please select a review status.");
    expect(reviewProblem("approved")).toBeNull();
  });
});

describe("exhibitFormData", () => {
  it("sends every field of the spec's multipart payload, tags comma separated", () => {
    const scope = new File(["scope"], "scope.txt", { type: "text/plain" });
    const form = exhibitFormData({
      ...EMPTY_EXHIBIT_DRAFT,
      title: "  Scope of Work ",
      exhibitNumber: "A",
      description: "What we build",
      isRequired: true,
      expectedDate: "2026-12-01",
      assignedTo: "u-2",
      plannedNotes: "ignored: not planned",
      tags: "scope, schedule",
      file: scope,
    });
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== "file"))).toEqual({
      title: "Scope of Work",
      description: "What we build",
      exhibitNumber: "A",
      isRequired: "true",
      isPlanned: "false",
      expectedDate: "2026-12-01",
      assignedTo: "u-2",
      plannedNotes: "",
      tags: "scope, schedule",
    });
    expect((form.get("file") as File).name).toBe("scope.txt");
  });

  it("sends no file part for a planned exhibit without one, and keeps its notes", () => {
    const form = exhibitFormData({ ...EMPTY_EXHIBIT_DRAFT, title: "Bonds", isPlanned: true, plannedNotes: "From the surety" });
    expect(form.has("file")).toBe(false);
    expect(form.get("isPlanned")).toBe("true");
    expect(form.get("plannedNotes")).toBe("From the surety");
  });
});
