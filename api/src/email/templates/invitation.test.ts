import { describe, expect, it } from "vitest";
import { invitationTemplate } from "./invitation";

const data = {
  inviterName: "Pat <script>alert(1)</script> Morgan",
  companyName: "Northern & Sons EPC",
  role: "admin" as const,
  link: "https://clausewise.example/invite?token=abc%2Bdef",
  supportEmail: "help@clausewise.example",
};

describe("invitationTemplate", () => {
  it("names the inviter, company and role, carries the link and says it expires in 7 days", () => {
    const mail = invitationTemplate(data);
    expect(mail.subject).toBe("Pat <script>alert(1)</script> Morgan invited you to Northern & Sons EPC on ClauseWise");
    expect(mail.text).toContain("as an admin.");
    expect(mail.text).toContain(data.link);
    expect(mail.text).toContain("expires in 7 days");
    expect(mail.html).toContain(`href="${data.link}"`);
  });

  it("escapes what users typed in the HTML part", () => {
    const mail = invitationTemplate(data);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("Northern &amp; Sons EPC");
  });

  it("keeps the subject on one line", () => {
    expect(invitationTemplate({ ...data, companyName: "Evil\r\nBcc: x@y.z" }).subject).not.toMatch(/[\r\n]/);
  });
});
