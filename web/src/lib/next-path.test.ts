import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path";

describe("safeNextPath", () => {
  it("keeps paths of the web app, with their query", () => {
    expect(safeNextPath("/contracts/abc")).toBe("/contracts/abc");
    expect(safeNextPath("/settings?tab=security")).toBe("/settings?tab=security");
  });

  it("defaults to the dashboard", () => {
    expect(safeNextPath(null)).toBe("/");
    expect(safeNextPath("")).toBe("/");
  });

  it("refuses other sites and protocol tricks", () => {
    expect(safeNextPath("https://evil.example/")).toBe("/");
    expect(safeNextPath("//evil.example")).toBe("/");
    expect(safeNextPath("/\\evil.example")).toBe("/");
    expect(safeNextPath("javascript:alert(1)")).toBe("/");
    expect(safeNextPath("/\t/evil.example")).toBe("/");
  });

  it("refuses API paths, which would loop back into the sign-in redirect", () => {
    expect(safeNextPath("/api/login")).toBe("/");
    expect(safeNextPath("/api")).toBe("/");
  });
});
