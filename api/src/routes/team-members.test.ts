import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_MESSAGES, THROTTLES, teamInvitation, teamMember } from "@clausewise/shared";
import { auditEvents, companies, emailOutbox, invitations, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { TEST_PASSWORD, createTeam, createUser } from "../test/factories";
import { signedIn } from "../test/review-factories";

/* Issue 16, item 9: resending invitations, reactivating members, and roles of deactivated members. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.deps.db;
const newEmail = () => `invitee-${randomUUID()}@example.test`;

async function lastLinkTo(email: string): Promise<string> {
  const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  const match = /\/invite\?token=([^\s"&]+)/.exec(mails.at(-1)!.text);
  return decodeURIComponent(match![1]!);
}

async function invite(team: Awaited<ReturnType<typeof createTeam>>, email = newEmail()) {
  const res = await signedIn(t, team.admin.token).post<{ id: string }>("/api/team/invite", { email, role: "approver" });
  expect(res.status).toBe(201);
  return { id: res.body.id, email, token: await lastLinkTo(email) };
}

const lookup = (token: string) => t.client().post("/api/invitations/lookup", { token });

describe("POST /api/team/invitations/{id}/resend", () => {
  it("mails a new link, kills the old one and starts the 7 days again", async () => {
    const team = await createTeam(db());
    const sent = await invite(team);
    // A minute on: the new expiry counts from the resend, not from the first mail.
    const later = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
    t.setNow(later);
    try {
      const res = await signedIn(t, team.admin.token).post("/api/team/invitations/" + sent.id + "/resend");
      expect(res.status).toBe(200);
      const body = teamInvitation.parse(res.body);
      expect(body).toMatchObject({ id: sent.id, email: sent.email, role: "approver" });
      expect(new Date(body.expiresAt).getTime()).toBe(later.getTime() + 7 * 86_400_000);
      const fresh = await lastLinkTo(sent.email);
      expect(fresh).not.toBe(sent.token);
      expect((await lookup(sent.token)).status).toBe(400);
      expect((await lookup(fresh)).body).toMatchObject({ email: sent.email, role: "approver" });
      const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.entityId, sent.id), eq(auditEvents.action, "invitation.resend")));
      expect(audit).toMatchObject({ userId: team.admin.user.id, data: { email: sent.email, role: "approver" } });
    } finally {
      t.setNow(null);
    }
  });

  it(`is throttled to ${THROTTLES.invitationResend.max} an hour per invitation, and the last link keeps working`, async () => {
    const team = await createTeam(db());
    const sent = await invite(team);
    const admin = signedIn(t, team.admin.token);
    for (let i = 0; i < THROTTLES.invitationResend.max; i++) expect((await admin.post(`/api/team/invitations/${sent.id}/resend`)).status).toBe(200);
    const last = await lastLinkTo(sent.email);
    const refused = await admin.post(`/api/team/invitations/${sent.id}/resend`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: "rate_limited" });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await lastLinkTo(sent.email)).toBe(last);
    expect((await lookup(last)).status).toBe(200);
  });

  it("is admin-only; another company's, a withdrawn or a malformed invitation is 404", async () => {
    const team = await createTeam(db());
    const other = await createTeam(db());
    const sent = await invite(team);
    for (const token of [team.approver.token, team.reviewer.token]) expect((await signedIn(t, token).post(`/api/team/invitations/${sent.id}/resend`)).status).toBe(403);
    expect((await t.client().post(`/api/team/invitations/${sent.id}/resend`)).status).toBe(401);
    const foreign = await signedIn(t, other.admin.token).post(`/api/team/invitations/${sent.id}/resend`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "not_found", message: TEAM_MESSAGES.invitationNotFound });
    expect((await signedIn(t, team.admin.token).post("/api/team/invitations/not-a-uuid/resend")).status).toBe(404);
    expect((await signedIn(t, team.admin.token).request("DELETE", `/api/team/invitations/${sent.id}`)).status).toBe(204);
    expect((await signedIn(t, team.admin.token).post(`/api/team/invitations/${sent.id}/resend`)).status).toBe(404);
    // Nothing was sent again: one mail, the first.
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, sent.email))).toHaveLength(1);
    const [row] = await db().select().from(invitations).where(eq(invitations.id, sent.id));
    expect(row!.revokedAt).not.toBeNull();
  });
});

describe("PATCH /api/team/members/{id}/reactivate", () => {
  it("gives a deactivated member their account back; they sign in again themselves", async () => {
    const team = await createTeam(db());
    const admin = signedIn(t, team.admin.token);
    expect((await admin.request("PATCH", `/api/team/members/${team.reviewer.user.id}/deactivate`)).status).toBe(200);
    const res = await admin.request("PATCH", `/api/team/members/${team.reviewer.user.id}/reactivate`);
    expect(res.status).toBe(200);
    expect(teamMember.parse(res.body)).toMatchObject({ isActive: true, role: "reviewer", abilities: { deactivate: true, reactivate: false, changeRole: true } });
    const login = await t.client().post("/api/auth/login", { email: team.reviewer.user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.entityId, team.reviewer.user.id), eq(auditEvents.action, "user.reactivate")));
    expect(audit).toMatchObject({ userId: team.admin.user.id, companyId: team.company.id });
    const again = await admin.request("PATCH", `/api/team/members/${team.reviewer.user.id}/reactivate`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "conflict", message: TEAM_MESSAGES.alreadyActive });
  });

  it("re-checks the plan's seats, counting pending invitations", async () => {
    const team = await createTeam(db()); // Starter: 5 seats, 3 taken
    const gone = await createUser(db(), { companyId: team.company.id, isActive: false });
    await createUser(db(), { companyId: team.company.id });
    const pending = await invite(team);
    const admin = signedIn(t, team.admin.token);
    const refused = await admin.request("PATCH", `/api/team/members/${gone.id}/reactivate`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "Your Starter plan allows 5 team members, and 5 are active or invited. Upgrade your plan on the Pricing page, or deactivate another member or withdraw an invitation, to reactivate this member.",
    );
    const [still] = await db().select().from(users).where(eq(users.id, gone.id));
    expect(still!.isActive).toBe(false);
    // Withdrawing the invitation frees its seat.
    expect((await admin.request("DELETE", `/api/team/invitations/${pending.id}`)).status).toBe(204);
    expect((await admin.request("PATCH", `/api/team/members/${gone.id}/reactivate`)).status).toBe(200);
    await db().update(companies).set({ subscriptionPlan: "enterprise" }).where(eq(companies.id, team.company.id));
  });

  it("is admin-only; another company's member or a malformed id is 404", async () => {
    const team = await createTeam(db());
    const other = await createTeam(db());
    const gone = await createUser(db(), { companyId: team.company.id, isActive: false });
    for (const token of [team.approver.token, team.reviewer.token]) expect((await signedIn(t, token).request("PATCH", `/api/team/members/${gone.id}/reactivate`)).status).toBe(403);
    expect((await signedIn(t, other.admin.token).request("PATCH", `/api/team/members/${gone.id}/reactivate`)).status).toBe(404);
    const bad = await signedIn(t, team.admin.token).request("PATCH", "/api/team/members/42/reactivate");
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ error: "not_found", message: TEAM_MESSAGES.memberNotFound });
    const [row] = await db().select().from(users).where(eq(users.id, gone.id));
    expect(row!.isActive).toBe(false);
  });
});

describe("the role of a deactivated member", () => {
  it("cannot be changed (409), and the member list says so", async () => {
    const team = await createTeam(db());
    const gone = await createUser(db(), { companyId: team.company.id, role: "reviewer", isActive: false });
    const res = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${gone.id}/role`, { role: "admin" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message: TEAM_MESSAGES.inactiveRole });
    const [row] = await db().select().from(users).where(eq(users.id, gone.id));
    expect(row!.role).toBe("reviewer");
    const list = await signedIn(t, team.admin.token).get<{ id: string; abilities: { changeRole: boolean; reactivate: boolean } }[]>("/api/team/members");
    expect(list.body.find((m) => m.id === gone.id)!.abilities).toMatchObject({ changeRole: false, reactivate: true });
  });
});
