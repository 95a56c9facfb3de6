import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "@clausewise/shared";
import { addBusinessDays, deadlineErrors, fileProblem, isUploadReady, titleFromFileName, toDateInput, UPLOAD_TOASTS } from "./rules";

const file = (name: string, size = 1000) => ({ name, size });

describe("fileProblem", () => {
  it("accepts PDF, Word and text files, whatever the case of the extension", () => {
    for (const name of ["a.pdf", "b.doc", "c.docx", "d.txt", "E.PDF", "Scope v2.final.DOCX"]) {
      expect(fileProblem(file(name))).toBeNull();
    }
  });

  it("refuses any other type, and names without an extension", () => {
    for (const name of ["plan.xlsx", "photo.png", "contract.pdf.exe", "README", ".pdf", "notes.rtf"]) {
      expect(fileProblem(file(name))).toBe("invalidType");
    }
  });

  it("allows exactly 10 MB and refuses one byte more", () => {
    expect(fileProblem(file("big.pdf", MAX_UPLOAD_BYTES))).toBeNull();
    expect(fileProblem(file("big.pdf", MAX_UPLOAD_BYTES + 1))).toBe("tooLarge");
  });

  it("checks the type before the size, as the spec lists them", () => {
    expect(fileProblem(file("big.zip", MAX_UPLOAD_BYTES + 1))).toBe("invalidType");
  });

  it("refuses an empty file", () => {
    expect(fileProblem(file("empty.txt", 0))).toBe("empty");
  });
});

describe("upload toasts", () => {
  it("carry the spec's exact words", () => {
    expect(UPLOAD_TOASTS.invalidType).toEqual({ title: "Invalid file type", description: "Please select a PDF, Word document, or text file." });
    expect(UPLOAD_TOASTS.tooLarge).toEqual({ title: "File too large", description: "Please select a file smaller than 10MB." });
    expect(UPLOAD_TOASTS.missingInformation).toEqual({
      title: "Missing information",
      description: "Please fill in all required fields and consent to processing.",
    });
    expect(UPLOAD_TOASTS.uploaded).toEqual({ title: "Contract uploaded", description: "Your contract has been uploaded and is being analyzed." });
    expect(UPLOAD_TOASTS.failed).toEqual({ title: "Upload failed", description: "Failed to upload contract. Please try again." });
  });
});

describe("titleFromFileName", () => {
  it("drops the extension only", () => {
    expect(titleFromFileName("EPC Agreement - Wapiti Ridge.pdf")).toBe("EPC Agreement - Wapiti Ridge");
    expect(titleFromFileName("scope.v2.docx")).toBe("scope.v2");
    expect(titleFromFileName("notes")).toBe("notes");
    expect(titleFromFileName(".txt")).toBe(".txt");
  });
});

describe("isUploadReady", () => {
  const pdf = new File(["%PDF-"], "a.pdf");
  it("needs a file, a non-blank title and processing consent", () => {
    expect(isUploadReady({ file: pdf, title: "A", processingConsent: true })).toBe(true);
    expect(isUploadReady({ file: null, title: "A", processingConsent: true })).toBe(false);
    expect(isUploadReady({ file: pdf, title: "   ", processingConsent: true })).toBe(false);
    expect(isUploadReady({ file: pdf, title: "A", processingConsent: false })).toBe(false);
  });
});

describe("addBusinessDays", () => {
  // Sunday 22 November 2026.
  const sunday = new Date(2026, 10, 22, 15, 0);

  it("skips Saturdays and Sundays", () => {
    expect(toDateInput(addBusinessDays(sunday, 2))).toBe("2026-11-24");
    expect(toDateInput(addBusinessDays(sunday, 5))).toBe("2026-11-27");
    expect(toDateInput(addBusinessDays(sunday, 10))).toBe("2026-12-04");
    expect(toDateInput(addBusinessDays(sunday, 20))).toBe("2026-12-18");
    expect(toDateInput(addBusinessDays(new Date(2026, 10, 27), 1))).toBe("2026-11-30");
  });
});

describe("deadlineErrors", () => {
  const today = new Date(2026, 10, 22, 9, 0);
  const base = { priority: "medium" as const, reviewDeadline: "", approvalDeadline: "" };

  it("accepts empty deadlines and dates from today on", () => {
    expect(deadlineErrors(base, today)).toEqual({});
    expect(deadlineErrors({ ...base, reviewDeadline: "2026-11-22", approvalDeadline: "2026-11-22" }, today)).toEqual({});
  });

  it("refuses dates in the past", () => {
    expect(deadlineErrors({ ...base, reviewDeadline: "2026-11-21" }, today).reviewDeadline).toMatch(/past/);
    expect(deadlineErrors({ ...base, approvalDeadline: "2026-01-01" }, today).approvalDeadline).toMatch(/past/);
  });

  it("refuses an approval deadline before the review deadline, given or computed from the priority", () => {
    expect(deadlineErrors({ ...base, reviewDeadline: "2026-12-10", approvalDeadline: "2026-12-09" }, today).approvalDeadline).toMatch(
      /before the review deadline/,
    );
    // Medium: 10 business days from Sunday 22 November is Friday 4 December.
    expect(deadlineErrors({ ...base, approvalDeadline: "2026-12-03" }, today).approvalDeadline).toMatch(/medium priority/);
    expect(deadlineErrors({ ...base, approvalDeadline: "2026-12-04" }, today)).toEqual({});
    expect(deadlineErrors({ ...base, priority: "urgent", approvalDeadline: "2026-12-03" }, today)).toEqual({});
  });
});
