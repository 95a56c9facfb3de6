import { randomUUID } from "node:crypto";
import { COLLAB_EVENTS, INVITATION_TTL_MS, TEAM_MESSAGES, contractAccessGrant, teamInvitation, teamMember } from "@clausewise/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/sessions";
import { apiKeys, auditEvents, companies, contractAccess, emailOutbox, invitations, sessions, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createContract, createTeam, createUser } from "../test/factories";
import { recordEvents } from "../test/lifecycle-factories";
import { signedIn } from "../test/review-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.deps.db;

async function invitationsOf(companyId: string) {
  return db().select().from(invitations).where(eq(invitations.companyId, companyId));
}

async function mailTo(email: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
}

function tokenFrom(text: string): string {
  const match = /\/invite\?token=([^\s"&]+)/.exec(text);
  if (!match) throw new Error("no invitation link in the mail");
  return decodeURIComponent(match[1]!);
}

async function inviteAndGetToken(team: Awaited<ReturnType<typeof createTeam>>, email: string, role = "reviewer") {
  const res = await signedIn(t, team.admin.token).post("/api/team/invite", { email, role });
  expect(res.status).toBe(201);
  const mails = await mailTo(email);
  return tokenFrom(mails.at(-1)!.text);
}

const newEmail = () => `invitee-${randomUUID()}@example.test`;

describe("GET /api/team/members", () => {
  it("lists the company's members with what the admin may do to each", async () => {
    const team = await createTeam(db());
    await createTeam(db()); // another company's members stay out
    const res = await signedIn(t, team.admin.token).get<unknown[]>("/api/team/members");
    expect(res.status).toBe(200);
    const members = res.body.map((m) => teamMember.parse(m));
    expect(members.map((m) => m.id).sort()).toEqual([team.admin.user.id, team.approver.user.id, team.reviewer.user.id].sort());
    expect(members.find((m) => m.id === team.admin.user.id)!.abilities).toEqual({ changeRole: false, deactivate: false, reactivate: false, receiveGrant: false });
    expect(members.find((m) => m.id === team.reviewer.user.id)!.abilities).toEqual({ changeRole: true, deactivate: true, reactivate: false, receiveGrant: true });
    expect(JSON.stringify(res.body)).not.toContain("passwordHash");
  });

  it("approvers read members (for the grant dialog); reviewers get 403", async () => {
    const team = await createTeam(db());
    expect((await signedIn(t, team.approver.token).get("/api/team/members")).status).toBe(200);
    const res = await signedIn(t, team.reviewer.token).get("/api/team/members");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: TEAM_MESSAGES.grantOnly });
  });

  it("answers 401 when signed out", async () => {
    expect((await t.client().get("/api/team/members")).status).toBe(401);
  });
});

describe("POST /api/team/invite", () => {
  it("stores a hashed single-use token, mails the link, and lists the invitation as pending for 7 days", async () => {
    const team = await createTeam(db());
    const email = newEmail();
    const res = await signedIn(t, team.admin.token).post("/api/team/invite", { email: `  ${email.toUpperCase()} `, role: "approver" });
    expect(res.status).toBe(201);
    const invitation = teamInvitation.parse(res.body);
    expect(invitation).toMatchObject({ email, role: "approver" });
    const [row] = await invitationsOf(team.company.id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(INVITATION_TTL_MS);
    const [mail] = await mailTo(email);
    const token = tokenFrom(mail!.text);
    expect(row!.tokenHash).not.toContain(token);
    expect(mail!.subject).toContain(team.company.name);

    const list = await signedIn(t, team.admin.token).get<unknown[]>("/api/team/invitations");
    expect(list.body.map((i) => teamInvitation.parse(i).email)).toEqual([email]);
    const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.entityId, row!.id), eq(auditEvents.action, "invitation.create")));
    expect(audit).toHaveLength(1);
  });

  it("inviting the same address again replaces the pending invitation", async () => {
    const team = await createTeam(db());
    const email = newEmail();
    const first = await inviteAndGetToken(team, email, "reviewer");
    await inviteAndGetToken(team, email, "approver");
    const list = await signedIn(t, team.admin.token).get<{ role: string }[]>("/api/team/invitations");
    expect(list.body.map((i) => i.role)).toEqual(["approver"]);
    expect((await t.client().post("/api/invitations/lookup", { token: first })).status).toBe(400);
  });

  it("refuses an address that already has an account", async () => {
    const team = await createTeam(db());
    const other = await createTeam(db());
    const mine = await signedIn(t, team.admin.token).post("/api/team/invite", { email: team.reviewer.user.email, role: "reviewer" });
    expect(mine.status).toBe(409);
    expect(mine.body.message).toBe(TEAM_MESSAGES.alreadyMember);
    const theirs = await signedIn(t, team.admin.token).post("/api/team/invite", { email: other.reviewer.user.email, role: "reviewer" });
    expect(theirs.body.message).toBe(TEAM_MESSAGES.otherCompany);
    const gone = await createUser(db(), { companyId: team.company.id, isActive: false });
    const deactivated = await signedIn(t, team.admin.token).post("/api/team/invite", { email: gone.email, role: "reviewer" });
    expect(deactivated.body.message).toBe(TEAM_MESSAGES.deactivatedMember);
    expect(await invitationsOf(team.company.id)).toHaveLength(0);
  });

  it("enforces the plan's team member limit, counting pending invitations", async () => {
    const team = await createTeam(db()); // 3 active members on Starter (5 seats)
    await inviteAndGetToken(team, newEmail());
    await inviteAndGetToken(team, newEmail());
    const res = await signedIn(t, team.admin.token).post("/api/team/invite", { email: newEmail(), role: "reviewer" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      "Your Starter plan allows 5 team members, and 5 are active or invited. Upgrade your plan on the Pricing page, or deactivate a member, to invite more.",
    );
    expect(await invitationsOf(team.company.id)).toHaveLength(2);

    await db().update(companies).set({ subscriptionPlan: "enterprise" }).where(eq(companies.id, team.company.id));
    expect((await signedIn(t, team.admin.token).post("/api/team/invite", { email: newEmail(), role: "reviewer" })).status).toBe(201);
  });

  it("is admin-only", async () => {
    const team = await createTeam(db());
    for (const token of [team.approver.token, team.reviewer.token]) {
      const res = await signedIn(t, token).post("/api/team/invite", { email: newEmail(), role: "reviewer" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(TEAM_MESSAGES.adminOnly);
    }
    expect((await signedIn(t, team.approver.token).get("/api/team/invitations")).status).toBe(403);
    expect(await invitationsOf(team.company.id)).toHaveLength(0);
  });

  it("rejects bad input with 400 and changes nothing", async () => {
    const team = await createTeam(db());
    const admin = signedIn(t, team.admin.token);
    const badEmail = await admin.post("/api/team/invite", { email: "not-an-email", role: "reviewer" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ error: "validation_failed", message: "email: Invalid email address" });
    const badRole = await admin.post("/api/team/invite", { email: newEmail(), role: "owner" });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toBe("validation_failed");
    expect(await invitationsOf(team.company.id)).toHaveLength(0);
  });
});

describe("DELETE /api/team/invitations/{id}", () => {
  it("withdraws a pending invitation: the link stops working and the seat is free again", async () => {
    const team = await createTeam(db());
    const email = newEmail();
    const token = await inviteAndGetToken(team, email);
    const [row] = await invitationsOf(team.company.id);
    const res = await signedIn(t, team.admin.token).request("DELETE", `/api/team/invitations/${row!.id}`);
    expect(res.status).toBe(204);
    expect(await signedIn(t, team.admin.token).get<unknown[]>("/api/team/invitations").then((r) => r.body)).toEqual([]);
    expect((await t.client().post("/api/invitations/accept", { token, firstName: "A", lastName: "B", password: "a-strong-password" })).status).toBe(400);
    const again = await signedIn(t, team.admin.token).request("DELETE", `/api/team/invitations/${row!.id}`);
    expect(again.status).toBe(404);
  });

  it("is admin-only, 404 for another company's invitation or a malformed id", async () => {
    const team = await createTeam(db());
    const other = await createTeam(db());
    await inviteAndGetToken(other, newEmail());
    const [theirs] = await invitationsOf(other.company.id);
    expect((await signedIn(t, other.approver.token).request("DELETE", `/api/team/invitations/${theirs!.id}`)).status).toBe(403);
    const foreign = await signedIn(t, team.admin.token).request("DELETE", `/api/team/invitations/${theirs!.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "not_found", message: TEAM_MESSAGES.invitationNotFound });
    expect((await signedIn(t, team.admin.token).request("DELETE", "/api/team/invitations/nope")).status).toBe(404);
    const [still] = await invitationsOf(other.company.id);
    expect(still!.revokedAt).toBeNull();
  });
});

describe("accepting an invitation", () => {
  const form = { firstName: "Nadia", lastName: "Okafor", password: "a-strong-password" };

  it("creates the account in the inviting company with the invited role and signs it in, once", async () => {
    const team = await createTeam(db());
    const email = newEmail();
    const token = await inviteAndGetToken(team, email, "approver");

    const preview = await t.client().post("/api/invitations/lookup", { token });
    expect(preview.body).toMatchObject({ email, role: "approver", companyName: team.company.name });

    const invitee = t.client();
    const res = await invitee.post<{ user: { email: string; role: string; companyId: string; emailVerified: boolean } }>("/api/invitations/accept", { token, ...form });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, role: "approver", companyId: team.company.id, emailVerified: true });
    expect((await invitee.get("/api/auth/user")).body).toMatchObject({ email, firstName: "Nadia" });
    expect(await signedIn(t, team.admin.token).get<unknown[]>("/api/team/invitations").then((r) => r.body)).toEqual([]);

    const again = await t.client().post("/api/invitations/accept", { token, ...form });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(TEAM_MESSAGES.invitationInvalid);
    const login = await t.client().post("/api/auth/login", { email, password: form.password });
    expect(login.status).toBe(200);
  });

  it("an expired link says so and creates nothing", async () => {
    const team = await createTeam(db());
    const email = newEmail();
    const token = await inviteAndGetToken(team, email);
    t.setNow(new Date(Date.now() + INVITATION_TTL_MS + 60_000));
    try {
      const res = await t.client().post("/api/invitations/accept", { token, ...form });
      expect(res.status).toBe(410);
      expect(res.body.message).toBe(TEAM_MESSAGES.invitationExpired);
      // A week on, the admin signs in again to look (the session from before has long ended).
      const admin = signedIn(t, await createSession(db(), team.admin.user.id, {}, t.deps.now()));
      expect(await admin.get<unknown[]>("/api/team/invitations").then((r) => r.body)).toEqual([]);
    } finally {
      t.setNow(null);
    }
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("refuses someone signed in with another account, clearly", async () => {
    const team = await createTeam(db());
    const other = await createTeam(db());
    const email = newEmail();
    const token = await inviteAndGetToken(team, email);
    const res = await signedIn(t, other.reviewer.token).post("/api/invitations/accept", { token, ...form });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TEAM_MESSAGES.signedInElsewhere);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("rejects bad input and unknown tokens with 400", async () => {
    const short = await t.client().post("/api/invitations/accept", { token: "x", ...form, password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("validation_failed");
    const unknown = await t.client().post("/api/invitations/accept", { token: "no-such-token", ...form });
    expect(unknown.body).toEqual({ error: "token_invalid", message: TEAM_MESSAGES.invitationInvalid });
  });
});

describe("PATCH /api/team/members/{memberId}/role", () => {
  it("changes the role, audits it and re-checks the member's live connections", async () => {
    const team = await createTeam(db());
    const recorder = recordEvents(t);
    const res = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${team.reviewer.user.id}/role`, { role: "approver" });
    recorder.stop();
    expect(res.status).toBe(200);
    expect(teamMember.parse(res.body).role).toBe("approver");
    const [row] = await db().select().from(users).where(eq(users.id, team.reviewer.user.id));
    expect(row!.role).toBe("approver");
    expect(recorder.events).toContainEqual(expect.objectContaining({ type: COLLAB_EVENTS.accessRevoked, payload: { userId: team.reviewer.user.id } }));
  });

  it("not by approvers, and not on oneself", async () => {
    const team = await createTeam(db());
    const byApprover = await signedIn(t, team.approver.token).request("PATCH", `/api/team/members/${team.reviewer.user.id}/role`, { role: "admin" });
    expect(byApprover.status).toBe(403);
    const own = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${team.admin.user.id}/role`, { role: "reviewer" });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(TEAM_MESSAGES.ownRole);
    const roles = await db().select({ role: users.role }).from(users).where(eq(users.companyId, team.company.id));
    expect(roles.map((r) => r.role).sort()).toEqual(["admin", "approver", "reviewer"]);
  });

  it("a member of another company is 404", async () => {
    const team = await createTeam(db());
    const other = await createTeam(db());
    const res = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${other.reviewer.user.id}/role`, { role: "admin" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: TEAM_MESSAGES.memberNotFound });
  });

  it("a bad role is 400", async () => {
    const team = await createTeam(db());
    const res = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${team.reviewer.user.id}/role`, { role: "superuser" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("validation_failed");
    const [row] = await db().select().from(users).where(eq(users.id, team.reviewer.user.id));
    expect(row!.role).toBe("reviewer");
  });
});

describe("PATCH /api/team/members/{id}/deactivate", () => {
  it("deactivates for good: sessions and API keys end at once and realtime closes live connections", async () => {
    const team = await createTeam(db());
    await db().insert(apiKeys).values({ companyId: team.company.id, userId: team.reviewer.user.id, name: "ci", prefix: "cw_x", keyHash: randomUUID() });
    const reviewer = signedIn(t, team.reviewer.token);
    expect((await reviewer.get("/api/auth/user")).status).toBe(200);

    const recorder = recordEvents(t);
    const res = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${team.reviewer.user.id}/deactivate`);
    recorder.stop();
    expect(res.status).toBe(200);
    expect(teamMember.parse(res.body)).toMatchObject({ isActive: false, abilities: { deactivate: false } });
    expect((await reviewer.get("/api/auth/user")).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, team.reviewer.user.id))).toHaveLength(0);
    const [key] = await db().select().from(apiKeys).where(eq(apiKeys.userId, team.reviewer.user.id));
    expect(key!.revokedAt).not.toBeNull();
    expect(recorder.events).toContainEqual(expect.objectContaining({ type: COLLAB_EVENTS.userDeactivated, payload: { userId: team.reviewer.user.id } }));
    const login = await t.client().post("/api/auth/login", { email: team.reviewer.user.email, password: "correct-horse-battery" });
    expect(login.status).not.toBe(200);

    const again = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${team.reviewer.user.id}/deactivate`);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(TEAM_MESSAGES.alreadyInactive);
  });

  it("not by approvers, and not oneself", async () => {
    const team = await createTeam(db());
    expect((await signedIn(t, team.approver.token).request("PATCH", `/api/team/members/${team.reviewer.user.id}/deactivate`)).status).toBe(403);
    const own = await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${team.admin.user.id}/deactivate`);
    expect(own.body.message).toBe(TEAM_MESSAGES.ownDeactivate);
    const active = await db().select().from(users).where(and(eq(users.companyId, team.company.id), eq(users.isActive, true)));
    expect(active).toHaveLength(3);
  });

  it("a member of another company, or a malformed id, is 404", async () => {
    const team = await createTeam(db());
    const other = await createTeam(db());
    expect((await signedIn(t, team.admin.token).request("PATCH", `/api/team/members/${other.reviewer.user.id}/deactivate`)).status).toBe(404);
    const bad = await signedIn(t, team.admin.token).request("PATCH", "/api/team/members/not-a-uuid/deactivate");
    expect(bad.status).toBe(404);
    expect(bad.body.error).toBe("not_found");
    const [row] = await db().select().from(users).where(eq(users.id, other.reviewer.user.id));
    expect(row!.isActive).toBe(true);
  });
});

describe("contract access grants", () => {
  async function setup() {
    const team = await createTeam(db());
    const contract = await createContract(db(), { companyId: team.company.id, title: "Gas Plant EPC" });
    return { team, contract };
  }

  async function grantsOf(contractId: string) {
    return db().select().from(contractAccess).where(eq(contractAccess.contractId, contractId));
  }

  it("an admin grants review, it shows in the table, and revoking removes it", async () => {
    const { team, contract } = await setup();
    const admin = signedIn(t, team.admin.token);
    const recorder = recordEvents(t);
    const res = await admin.post("/api/team/contract-access", { contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "review" });
    expect(res.status).toBe(201);
    const grant = contractAccessGrant.parse(res.body);
    expect(grant).toMatchObject({ contractTitle: "Gas Plant EPC", userName: "Test User", accessLevel: "review", canRevoke: true });

    const list = await admin.get<unknown[]>("/api/team/contract-access");
    expect(list.body.map((g) => contractAccessGrant.parse(g).id)).toEqual([grant.id]);

    const del = await admin.request("DELETE", `/api/team/contract-access/${grant.id}`);
    recorder.stop();
    expect(del.status).toBe(204);
    expect(await grantsOf(contract.id)).toHaveLength(0);
    expect(recorder.events.filter((e) => e.type === COLLAB_EVENTS.accessRevoked)).toHaveLength(2);
  });

  it("the level defaults to read; granting again replaces the level", async () => {
    const { team, contract } = await setup();
    const approver = signedIn(t, team.approver.token);
    expect((await approver.post("/api/team/contract-access", { contractId: contract.id, userId: team.reviewer.user.id })).body.accessLevel).toBe("read");
    await approver.post("/api/team/contract-access", { contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "approve" });
    expect((await grantsOf(contract.id)).map((g) => g.accessLevel)).toEqual(["approve"]);
  });

  it("approvers cannot hand out or remove admin grants; reviewers grant nothing", async () => {
    const { team, contract } = await setup();
    const approver = signedIn(t, team.approver.token);
    const tooHigh = await approver.post("/api/team/contract-access", { contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "admin" });
    expect(tooHigh.status).toBe(403);
    expect(tooHigh.body.message).toBe(TEAM_MESSAGES.grantDenied);
    const byAdmin = await signedIn(t, team.admin.token).post("/api/team/contract-access", { contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "admin" });
    const adminGrantId = (byAdmin.body as { id: string }).id;
    expect((await approver.get<{ canRevoke: boolean }[]>("/api/team/contract-access")).body[0]!.canRevoke).toBe(false);
    expect((await approver.request("DELETE", `/api/team/contract-access/${adminGrantId}`)).status).toBe(403);
    const overwrite = await approver.post("/api/team/contract-access", { contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "read" });
    expect(overwrite.status).toBe(403);

    const reviewer = signedIn(t, team.reviewer.token);
    expect((await reviewer.post("/api/team/contract-access", { contractId: contract.id, userId: team.approver.user.id })).status).toBe(403);
    expect((await reviewer.get("/api/team/contract-access")).status).toBe(403);
    expect((await grantsOf(contract.id)).map((g) => g.accessLevel)).toEqual(["admin"]);
  });

  it("refuses a grant to an administrator with a clear 409, for approvers and admins alike", async () => {
    const { team, contract } = await setup();
    const otherAdmin = await createUser(db(), { companyId: team.company.id, role: "admin" });
    for (const token of [team.approver.token, team.admin.token]) {
      for (const target of [otherAdmin.id, team.admin.user.id]) {
        const res = await signedIn(t, token).post("/api/team/contract-access", { contractId: contract.id, userId: target, accessLevel: "read" });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ error: "conflict", message: TEAM_MESSAGES.adminHasFullAccess });
      }
    }
    expect(await grantsOf(contract.id)).toHaveLength(0);
    // The member list tells the grant dialog whom a grant means something for.
    const members = await signedIn(t, team.approver.token).get<{ id: string; abilities: { receiveGrant: boolean } }[]>("/api/team/members");
    expect(members.body.filter((m) => !m.abilities.receiveGrant).map((m) => m.id).sort()).toEqual([otherAdmin.id, team.admin.user.id, team.approver.user.id].sort());
  });

  it("only to active members", async () => {
    const { team, contract } = await setup();
    const inactive = await createUser(db(), { companyId: team.company.id, isActive: false });
    const res = await signedIn(t, team.admin.token).post("/api/team/contract-access", { contractId: contract.id, userId: inactive.id });
    expect(res.status).toBe(403);
    expect(await grantsOf(contract.id)).toHaveLength(0);
  });

  it("another company's contract, member or grant is 404", async () => {
    const { team, contract } = await setup();
    const other = await setup();
    const admin = signedIn(t, team.admin.token);
    expect((await admin.post("/api/team/contract-access", { contractId: other.contract.id, userId: team.reviewer.user.id })).status).toBe(404);
    expect((await admin.post("/api/team/contract-access", { contractId: contract.id, userId: other.team.reviewer.user.id })).status).toBe(404);
    const theirs = await signedIn(t, other.team.admin.token).post("/api/team/contract-access", { contractId: other.contract.id, userId: other.team.reviewer.user.id });
    const del = await admin.request("DELETE", `/api/team/contract-access/${(theirs.body as { id: string }).id}`);
    expect(del.status).toBe(404);
    expect(await grantsOf(other.contract.id)).toHaveLength(1);
    expect((await admin.get<unknown[]>("/api/team/contract-access")).body).toEqual([]);
  });

  it("rejects bad input with 400 and grants nothing", async () => {
    const { team, contract } = await setup();
    const admin = signedIn(t, team.admin.token);
    const noMember = await admin.post("/api/team/contract-access", { contractId: contract.id });
    expect(noMember.status).toBe(400);
    expect(noMember.body).toMatchObject({ error: "validation_failed", message: "userId: Please choose a team member." });
    const badLevel = await admin.post("/api/team/contract-access", { contractId: contract.id, userId: team.reviewer.user.id, accessLevel: "owner" });
    expect(badLevel.status).toBe(400);
    expect(await grantsOf(contract.id)).toHaveLength(0);
  });
});

describe("a suspended company's invitation", () => {
  it("cannot be accepted", async () => {
    const team = await createTeam(db());
    const email = newEmail();
    const token = await inviteAndGetToken(team, email);
    await db().update(companies).set({ accountStatus: "suspended" }).where(eq(companies.id, team.company.id));
    const res = await t.client().post("/api/invitations/accept", { token, firstName: "A", lastName: "B", password: "a-strong-password" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(TEAM_MESSAGES.companyInactive);
  });
});
