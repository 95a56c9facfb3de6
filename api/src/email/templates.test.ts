import { describe, expect, it } from "vitest";
import { escapeHtml } from "./templates/layout";
import { verifyEmailTemplate } from "./templates/verify-email";

describe("verification mail template", () => {
  const link = "https://clausewise.example/verify-email?token=abc_DEF-123";

  it("carries the link in both parts and says how long it lasts", () => {
    const mail = verifyEmailTemplate({ firstName: "Avery", link, supportEmail: "help@clausewise.example" });
    expect(mail.subject).toBe("Verify your ClauseWise email address");
    expect(mail.text).toContain("Hi Avery,");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("expires in 24 hours");
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("help@clausewise.example");
  });

  it("escapes what users typed, so a name cannot inject markup", () => {
    const mail = verifyEmailTemplate({ firstName: `<img src=x onerror="alert(1)">`, link, supportEmail: "help@clausewise.example" });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("greets without a name when there is none", () => {
    expect(verifyEmailTemplate({ firstName: null, link, supportEmail: "s@x.test" }).text.startsWith("Hi,\n")).toBe(true);
  });

  it("escapes the five HTML metacharacters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});
