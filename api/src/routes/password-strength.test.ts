import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weakPasswordMessage } from "@clausewise/shared";
import { randomToken, sha256 } from "../auth/tokens";
import { requestPasswordReset } from "../commands/auth/password-reset";
import { emailTokens, invitations, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam, createUser, TEST_PASSWORD } from "../test/factories";
import { signedIn } from "../test/review-factories";

/*
 * Issue 12 item 4: every place that sets a password refuses what zxcvbn (common-password, English
 * and name dictionaries, the person's own e-mail and name) guesses easily, with zxcvbn's reason, and
 * changes nothing. The eight-character rule of the schemas stays in front of it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COMMON = ["password", "12345678", "aaaaaaaa"];
const STRONG = "Quiet-Harbour-Lantern-83";
const freshIp = () => `198.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const userByEmail = async (email: string) => (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];
const hashOf = async (id: string) => (await t.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.hash;

function expectWeak(res: { status: number; body: unknown }, field: string) {
  expect(res.status).toBe(400);
  const body = res.body as { error: string; message: string; fields: Record<string, string> };
  expect(body.error).toBe("weak_password");
  expect(body.message).toMatch(/^This password is too easy to guess(: .+)?\. Add more words or characters\.$/);
  expect(body.fields).toEqual({ [field]: body.message });
}

describe("the message", () => {
  it("names zxcvbn's reason for the commonest password", async () => {
    const res = await t.client({ ip: freshIp() }).post("/api/auth/signup", { email: `m-${randomUUID().slice(0, 8)}@example.test`, password: "password", firstName: "A", lastName: "B", companyName: "C" });
    expect(res.body).toMatchObject({ message: "This password is too easy to guess: this is a heavily used password. Add more words or characters." });
  });

  it("carries zxcvbn's warning, or stands alone without one", () => {
    expect(weakPasswordMessage("This is a heavily used password.")).toBe("This password is too easy to guess: this is a heavily used password. Add more words or characters.");
    expect(weakPasswordMessage("")).toBe("This password is too easy to guess. Add more words or characters.");
    expect(weakPasswordMessage(null)).toBe("This password is too easy to guess. Add more words or characters.");
  });
});

describe("POST /api/auth/signup", () => {
  const signup = (password: string, overrides: Record<string, string> = {}) => {
    const email = `signup-${randomUUID().slice(0, 8)}@example.test`;
    return { email, res: t.client({ ip: freshIp() }).post("/api/auth/signup", { email, password, firstName: "Quillon", lastName: "Vexmoor", companyName: "Brightwater EPC", ...overrides }) };
  };

  it.each(COMMON)("refuses %j with zxcvbn's reason and creates nothing", async (password) => {
    const { email, res } = signup(password);
    const answer = await res;
    expectWeak(answer, "password");
    // Each of these has a reason zxcvbn can name.
    expect((answer.body as { message: string }).message).toContain("too easy to guess: ");
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("refuses a password made of the person's own e-mail or name, which would pass for someone else", async () => {
    const email = `quillon.vexmoor-${randomUUID().slice(0, 6)}@example.test`;
    const own = await t.client({ ip: freshIp() }).post("/api/auth/signup", { email, password: email, firstName: "Quillon", lastName: "Vexmoor", companyName: "Brightwater EPC" });
    expectWeak(own, "password");
    const byName = signup("QuillonVexmoor", { firstName: "Quillon", lastName: "Vexmoor" });
    expectWeak(await byName.res, "password");
    expect(await userByEmail(byName.email)).toBeUndefined();
    // The same string is fine for someone whose name it is not.
    const other = signup("QuillonVexmoor", { firstName: "Dana", lastName: "Ortiz", companyName: "Ortiz Civil" });
    expect((await other.res).status).toBe(201);
  });

  it("keeps the length rule's own message in front", async () => {
    const { res } = signup("short");
    const answer = await res;
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: "validation_failed", message: "password: Password must be at least 8 characters" });
  });

  it("judges a long password on its first 64 characters (the check's cost stays bounded)", async () => {
    const weakStart = signup(`${"a".repeat(64)}${STRONG}`);
    expectWeak(await weakStart.res, "password");
    const strongStart = signup(`${STRONG}-${"x".repeat(230)}`);
    expect((await strongStart.res).status).toBe(201);
  });

  it("accepts a strong password", async () => {
    const { email, res } = signup(STRONG);
    expect((await res).status).toBe(201);
    expect(await userByEmail(email)).toBeDefined();
  });
});

describe("POST /api/settings/password", () => {
  it.each(COMMON)("refuses %j as the new password and keeps the old one", async (password) => {
    const team = await createTeam(t.deps.db);
    const before = await hashOf(team.reviewer.user.id);
    const res = await signedIn(t, team.reviewer.token).post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: password });
    expectWeak(res, "newPassword");
    expect(await hashOf(team.reviewer.user.id)).toBe(before);
  });

  it("refuses the person's own e-mail address", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: team.admin.user.email });
    expectWeak(res, "newPassword");
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it.each(COMMON)("refuses %j, and the link still works for a strong password", async (password) => {
    const team = await createTeam(t.deps.db);
    const member = await createUser(t.deps.db, { companyId: team.company.id });
    const token = (await requestPasswordReset(t.deps, { email: member.email }))!;
    const before = await hashOf(member.id);
    const weak = await t.client().post("/api/auth/password-reset/confirm", { token, newPassword: password });
    expectWeak(weak, "newPassword");
    expect(await hashOf(member.id)).toBe(before);
    const [row] = await t.deps.db.select().from(emailTokens).where(eq(emailTokens.tokenHash, sha256(token)));
    expect(row!.usedAt).toBeNull();
    expect((await t.client().post("/api/auth/password-reset/confirm", { token, newPassword: STRONG })).status).toBe(204);
  });
});

describe("POST /api/invitations/accept", () => {
  async function invitation(companyId: string, invitedBy: string) {
    const token = randomToken();
    const email = `invitee-${randomUUID().slice(0, 8)}@example.test`;
    const [row] = await t.deps.db
      .insert(invitations)
      .values({ companyId, email, role: "reviewer", tokenHash: sha256(token), invitedBy, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    return { token, email, id: row!.id };
  }

  it.each(COMMON)("refuses %j; no account is made and the invitation stays open", async (password) => {
    const team = await createTeam(t.deps.db);
    const invite = await invitation(team.company.id, team.admin.user.id);
    const weak = await t.client({ ip: freshIp() }).post("/api/invitations/accept", { token: invite.token, firstName: "Ivy", lastName: "Invitee", password });
    expectWeak(weak, "password");
    expect(await userByEmail(invite.email)).toBeUndefined();
    const [row] = await t.deps.db.select().from(invitations).where(eq(invitations.id, invite.id));
    expect(row!.acceptedAt).toBeNull();
    const ok = await t.client({ ip: freshIp() }).post("/api/invitations/accept", { token: invite.token, firstName: "Ivy", lastName: "Invitee", password: STRONG });
    expect(ok.status).toBe(201);
  });
});
