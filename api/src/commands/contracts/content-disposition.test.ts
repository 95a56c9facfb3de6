import { describe, expect, it } from "vitest";
import { attachmentHeader, fileNameFromTitle, safeFileName } from "./content-disposition";

describe("file names", () => {
  it("keeps only the last path segment and drops control and reserved characters", () => {
    expect(safeFileName("C:\\Users\\pm\\EPC Contract.pdf")).toBe("EPC Contract.pdf");
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("a\r\nb\u0000c<>:\"|?*.txt")).toBe("abc.txt");
    expect(safeFileName("...hidden")).toBe("hidden");
    expect(safeFileName("   ")).toBe("file");
  });

  it("shortens long names but keeps the extension", () => {
    const name = safeFileName(`${"x".repeat(300)}.docx`);
    expect(name).toHaveLength(200);
    expect(name.endsWith(".docx")).toBe(true);
  });

  it("makes a download name from a title, 'contract' when nothing is left", () => {
    expect(fileNameFromTitle("Gas Plant EPC: Rev 2", "docx")).toBe("Gas Plant EPC Rev 2.docx");
    expect(fileNameFromTitle("Phase 1/2 works", "docx")).toBe("Phase 1 2 works.docx");
    expect(fileNameFromTitle("???", "docx")).toBe("contract.docx");
  });

  it("sends an ASCII fallback and the exact UTF-8 name (RFC 5987)", () => {
    expect(attachmentHeader("Entente de sous-traitance – Québec.pdf")).toBe(
      `attachment; filename="Entente de sous-traitance _ Qu_bec.pdf"; filename*=UTF-8''Entente%20de%20sous-traitance%20%E2%80%93%20Qu%C3%A9bec.pdf`,
    );
    expect(attachmentHeader('evil"\r\nSet-Cookie: x=1.pdf')).toBe(`attachment; filename="evilSet-Cookie x=1.pdf"; filename*=UTF-8''evilSet-Cookie%20x%3D1.pdf`);
    expect(attachmentHeader("100% (final)'s.txt")).toBe(`attachment; filename="100_ (final)'s.txt"; filename*=UTF-8''100%25%20%28final%29%27s.txt`);
  });
});
