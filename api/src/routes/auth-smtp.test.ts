import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "@clausewise/shared";
import { emailOutbox } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { decodeQuotedPrintable, startSmtp } from "../test/smtp";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, appUrl: "https://clausewise.example" });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

describe("verification mail over SMTP", () => {
  it("delivers the link at sign-up, and the link verifies the account", async () => {
    const email = `smtp-${Date.now()}@example.test`;
    const client = t.client();
    const res = await client.post<{ user: CurrentUser }>("/api/auth/signup", {
      email,
      password: "a-long-password",
      firstName: "Mathilde",
      lastName: "Tremblay",
      companyName: "Laurentian <EPC> Inc.",
    });
    expect(res.status).toBe(201);

    const mail = smtp.inbox.find((m) => m.to.includes(email));
    expect(mail, "the mail reached the SMTP server").toBeDefined();
    expect(mail!.from).toBe("no-reply@clausewise.local");
    const decoded = decodeQuotedPrintable(mail!.raw);
    expect(decoded).toMatch(/^Subject: Verify your ClauseWise email address/m);
    expect(decoded).toContain("Hi Mathilde,");
    const match = decoded.match(/https:\/\/clausewise\.example\/verify-email\?token=([\w-]+)/);
    expect(match, "the mail carries the verification link").toBeTruthy();

    const [row] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(row!.status).toBe("sent");

    expect((await client.get<CurrentUser>("/api/auth/user")).body.emailVerified).toBe(false);
    const verified = await t.client().post("/api/auth/verify-email", { token: match![1] });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, user: { email, firstName: "Mathilde" } });
    expect((await client.get<CurrentUser>("/api/auth/user")).body.emailVerified).toBe(true);
  });

  it("names the cookie __Host-cw_session and marks it Secure when the public URL is https", async () => {
    const res = await t.client().post("/api/auth/signup", {
      email: `secure-${Date.now()}@example.test`,
      password: "a-long-password",
      firstName: "Sam",
      lastName: "Lee",
      companyName: "Coastal Marine Works",
    });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie().find((l) => l.startsWith("__Host-cw_session="))).toMatch(/;\s*Secure/i);
  });
});
