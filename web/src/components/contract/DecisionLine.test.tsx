// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { DecisionLine, decisionText, decisionTime } from "./DecisionLine";

afterEach(cleanup);

// 28 Nov 2026 14:05 on the reader's clock, whatever time zone the test runs in.
const AT = new Date(2026, 10, 28, 14, 5).toISOString();

describe("the decision line (issue 17: decisions are attributable)", () => {
  it("says who decided and when: 'Approved by Jane Doe · 28 Nov 2026 14:05'", () => {
    render(<DecisionLine verb="Approved" name="Jane Doe" at={AT} />);
    const line = screen.getByTestId("decision-line");
    expect(line.textContent).toBe("Approved by Jane Doe · 28 Nov 2026 14:05");
    expect(line.querySelector("time")?.getAttribute("dateTime")).toBe(AT);
  });

  it("leaves out what is not known, and ignores a malformed time", () => {
    expect(decisionText("Rejected", null, AT)).toBe("Rejected · 28 Nov 2026 14:05");
    expect(decisionText("Approved", "Jane Doe", null)).toBe("Approved by Jane Doe");
    expect(decisionText("Approved", "Jane Doe", "not a date")).toBe("Approved by Jane Doe");
    expect(decisionTime(undefined)).toBe("");
  });
});
