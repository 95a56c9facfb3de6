import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES, SETTINGS_MESSAGES, settingsRecord, type CurrentUser, type NotificationPreferences, type SettingsRecord } from "@clausewise/shared";
import { apiKeys, auditEvents, companies, sessions, userSettings, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam, createUser, TEST_PASSWORD } from "../test/factories";
import { signedIn } from "../test/review-factories";
import { sha256 } from "../auth/tokens";
import { createSession } from "../auth/sessions";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userRow = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0];
const companyRow = async (id: string) => (await t.deps.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const settingsRow = async (userId: string) => (await t.deps.db.select().from(userSettings).where(eq(userSettings.userId, userId)))[0];
const auditActions = async (userId: string) =>
  (await t.deps.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.userId, userId))).map((r) => r.action);

const profile = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Avery",
  lastName: "Moreau",
  email: "avery@example.test",
  phone: "+1 403 555 0199",
  jobTitle: "Contracts Manager",
  ...overrides,
});
const company = (overrides: Record<string, unknown> = {}) => ({
  companyName: "Northern Pipe & Steel Ltd.",
  industry: "energy",
  companySize: "51-200",
  address: "100 Main St, Calgary AB",
  website: "https://northernpipe.example",
  ...overrides,
});

describe("GET /api/settings", () => {
  it("answers the spec's settings record with the spec §9 defaults before anything was saved", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.reviewer.token).get<SettingsRecord>("/api/settings");
    expect(res.status).toBe(200);
    expect(settingsRecord.parse(res.body)).toEqual({
      firstName: "Test",
      lastName: "User",
      email: team.reviewer.user.email,
      emailVerified: true,
      pendingEmail: null,
      phone: null,
      jobTitle: null,
      companyName: team.company.name,
      industry: null,
      companySize: null,
      address: null,
      province: null,
      website: null,
      emailDeadlines: true,
      emailAssignments: true,
      emailReports: false,
      inAppNotifications: true,
      reminderFrequency: "daily",
      timezone: "America/Toronto",
    });
  });

  it("shows only the caller's own company: another company's details never appear", async () => {
    const mine = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    await t.deps.db.update(companies).set({ industry: "mining", website: "https://other.example" }).where(eq(companies.id, other.company.id));
    const res = await signedIn(t, mine.admin.token).get<SettingsRecord>("/api/settings");
    expect(res.body).toMatchObject({ companyName: mine.company.name, industry: null, website: null });
  });

  it("answers 401 without a session", async () => {
    const res = await t.client().get("/api/settings");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "unauthorized" });
  });
});

describe("PATCH /api/settings/profile", () => {
  it("saves name, phone and job title for any role, audits it and answers the new record", async () => {
    const team = await createTeam(t.deps.db);
    const email = team.reviewer.user.email;
    const res = await signedIn(t, team.reviewer.token).request<SettingsRecord>("PATCH", "/api/settings/profile", profile({ email, firstName: "  Avery " }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Avery", lastName: "Moreau", email, emailVerified: true, phone: "+1 403 555 0199", jobTitle: "Contracts Manager" });
    expect(await userRow(team.reviewer.user.id)).toMatchObject({ firstName: "Avery", lastName: "Moreau" });
    expect(await settingsRow(team.reviewer.user.id)).toMatchObject({ phone: "+1 403 555 0199", jobTitle: "Contracts Manager" });
    expect(await auditActions(team.reviewer.user.id)).toContain("user.update_profile");

    const me = await signedIn(t, team.reviewer.token).get<CurrentUser>("/api/auth/user");
    expect(me.body).toMatchObject({ firstName: "Avery", lastName: "Moreau" });
  });

  it("clears optional fields sent blank", async () => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.approver.token);
    await client.request("PATCH", "/api/settings/profile", profile({ email: team.approver.user.email }));
    const res = await client.request<SettingsRecord>("PATCH", "/api/settings/profile", profile({ email: team.approver.user.email, phone: "", jobTitle: "   " }));
    expect(res.body).toMatchObject({ phone: null, jobTitle: null });
  });

  it("refuses an e-mail address another account has (409), changing nothing", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const res = await signedIn(t, team.reviewer.token).request("PATCH", "/api/settings/profile", profile({ email: other.admin.user.email, firstName: "Changed", currentPassword: TEST_PASSWORD }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "email_taken", message: expect.stringContaining("already exists") });
    expect(await userRow(team.reviewer.user.id)).toMatchObject({ email: team.reviewer.user.email, firstName: "Test" });
    expect(await settingsRow(team.reviewer.user.id)).toBeUndefined();
  });

  it.each([
    [{ firstName: " " }, "firstName", SETTINGS_MESSAGES.firstNameRequired],
    [{ lastName: "" }, "lastName", SETTINGS_MESSAGES.lastNameRequired],
    [{ email: "not-an-email" }, "email", SETTINGS_MESSAGES.invalidEmail],
    [{ email: undefined }, "email", SETTINGS_MESSAGES.invalidEmail],
  ])("answers 400 with the spec's message for %o and changes nothing", async (overrides, field, message) => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.reviewer.token).request("PATCH", "/api/settings/profile", profile(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", message: `${field}: ${message}`, fields: { [field]: message } });
    expect(await userRow(team.reviewer.user.id)).toMatchObject({ firstName: "Test", email: team.reviewer.user.email });
    expect(await settingsRow(team.reviewer.user.id)).toBeUndefined();
  });

  it("changes only the caller: a user id in the body cannot reach another company's member", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).request("PATCH", "/api/settings/profile", { ...profile({ email: team.admin.user.email }), id: other.admin.user.id, userId: other.admin.user.id });
    expect(res.status).toBe(200);
    expect(await userRow(other.admin.user.id)).toMatchObject({ firstName: "Test", lastName: "User" });
  });
});

describe("PATCH /api/settings/company", () => {
  it("lets an admin save the company's details, audited; every member then reads them", async () => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).request<SettingsRecord>("PATCH", "/api/settings/company", company({ website: "" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ companyName: "Northern Pipe & Steel Ltd.", industry: "energy", companySize: "51-200", address: "100 Main St, Calgary AB", website: null });
    expect(await companyRow(team.company.id)).toMatchObject({ name: "Northern Pipe & Steel Ltd.", industry: "energy", companySize: "51-200" });
    expect(await auditActions(team.admin.user.id)).toContain("company.update_settings");
    const seen = await signedIn(t, team.reviewer.token).get<SettingsRecord>("/api/settings");
    expect(seen.body.companyName).toBe("Northern Pipe & Steel Ltd.");
    const me = await signedIn(t, team.reviewer.token).get<CurrentUser>("/api/auth/user");
    expect(me.body.companyName).toBe("Northern Pipe & Steel Ltd.");
  });

  it("sets the company's time zone (issue 17), and leaves it alone when the field is absent", async () => {
    const team = await createTeam(t.deps.db);
    const admin = signedIn(t, team.admin.token);
    const res = await admin.request<SettingsRecord>("PATCH", "/api/settings/company", company({ timezone: "America/Halifax" }));
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe("America/Halifax");
    await admin.request("PATCH", "/api/settings/company", company());
    expect((await companyRow(team.company.id)).timezone).toBe("America/Halifax");
  });

  it.each(["approver", "reviewer"] as const)("refuses a %s (403) and changes nothing", async (role) => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team[role].token).request("PATCH", "/api/settings/company", company({ timezone: "America/Vancouver" }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "forbidden", message: SETTINGS_MESSAGES.companyAdminOnly });
    expect((await companyRow(team.company.id)).name).toBe(team.company.name);
  });

  it("changes only the admin's own company, whatever ids the body names", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    await signedIn(t, team.admin.token).request("PATCH", "/api/settings/company", { ...company(), id: other.company.id, companyId: other.company.id });
    expect((await companyRow(other.company.id)).name).toBe(other.company.name);
    expect((await companyRow(team.company.id)).name).toBe("Northern Pipe & Steel Ltd.");
  });

  it.each([
    [{ companyName: "  " }, "companyName", SETTINGS_MESSAGES.companyNameRequired],
    [{ industry: "" }, "industry", SETTINGS_MESSAGES.industryRequired],
    [{ industry: "banking" }, "industry", SETTINGS_MESSAGES.industryRequired],
    [{ companySize: undefined }, "companySize", SETTINGS_MESSAGES.companySizeRequired],
    [{ timezone: "Europe/Paris" }, "timezone", "Select a time zone"],
    [{ timezone: "" }, "timezone", "Select a time zone"],
  ])("answers 400 with the spec's message for %o and changes nothing", async (overrides, field, message) => {
    const team = await createTeam(t.deps.db);
    const res = await signedIn(t, team.admin.token).request("PATCH", "/api/settings/company", company(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", message: `${field}: ${message}` });
    expect(await companyRow(team.company.id)).toMatchObject({ name: team.company.name, industry: null, timezone: "America/Toronto" });
  });
});

describe("PATCH /api/settings/notifications", () => {
  // The legacy form's fields are a view of the one Notification Preferences record (docs/DECISIONS.md).
  const legacy = { emailDeadlines: false, emailAssignments: true, emailReports: true, inAppNotifications: false, reminderFrequency: "weekly" };
  const preferences = async (client: ReturnType<typeof signedIn>) => (await client.get<NotificationPreferences>("/api/notification-preferences")).body;

  it("writes the legacy fields onto the preferences that govern the caller's mail, and reads them back", async () => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.reviewer.token);
    const res = await client.request<SettingsRecord>("PATCH", "/api/settings/notifications", legacy);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(legacy);
    expect(await preferences(client)).toMatchObject({
      emailDeadlineReminders: false,
      emailContractAssigned: true,
      digestFrequency: "weekly",
      inAppContractAssigned: false,
      inAppDeadlineReminders: false,
      inAppContractApproved: false,
      inAppContractRejected: false,
      inAppNewComments: false,
      inAppSystemUpdates: false,
      // What the legacy form does not name keeps its value.
      emailContractApproved: true,
      quietHours: false,
    });
    expect((await client.get<SettingsRecord>("/api/settings")).body).toMatchObject(legacy);
    // Another member's preferences are untouched.
    expect(await preferences(signedIn(t, team.admin.token))).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it("takes any of the fields, and turns a weekly digest back to daily when Weekly Reports goes off", async () => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.approver.token);
    await client.request("PATCH", "/api/settings/notifications", { reminderFrequency: "monthly" });
    expect((await preferences(client)).digestFrequency).toBe("weekly");
    const res = await client.request<SettingsRecord>("PATCH", "/api/settings/notifications", { emailReports: false });
    expect(res.body).toMatchObject({ emailReports: false, reminderFrequency: "daily", emailDeadlines: true });
    expect(await preferences(client)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it("shows a switch the new page turned off: in-app notifications read on while any in-app switch is on", async () => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.reviewer.token);
    const someOff = { ...DEFAULT_NOTIFICATION_PREFERENCES, inAppNewComments: false, emailDeadlineReminders: false };
    await client.request("PUT", "/api/notification-preferences", someOff);
    expect((await client.get<SettingsRecord>("/api/settings")).body).toMatchObject({ inAppNotifications: true, emailDeadlines: false });
    await client.request("PUT", "/api/notification-preferences", { ...someOff, inAppContractAssigned: false, inAppDeadlineReminders: false, inAppContractApproved: false, inAppContractRejected: false, inAppSystemUpdates: false });
    expect((await client.get<SettingsRecord>("/api/settings")).body).toMatchObject({ inAppNotifications: false });
  });

  it.each([
    [{ ...legacy, reminderFrequency: "hourly" }, "reminderFrequency"],
    [{ ...legacy, emailReports: "yes" }, "emailReports"],
    [{}, "at least one"],
    [{ emailDeadlines: false, userId: "someone-else" }, "userId"],
  ])("answers 400 for %o and changes nothing", async (body, field) => {
    const team = await createTeam(t.deps.db);
    const client = signedIn(t, team.reviewer.token);
    const res = await client.request("PATCH", "/api/settings/notifications", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_failed", message: expect.stringContaining(field) });
    expect(await preferences(client)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it("answers 401 for a deactivated member and signed-out callers", async () => {
    const team = await createTeam(t.deps.db);
    const gone = await createUser(t.deps.db, { companyId: team.company.id, isActive: false });
    const res = await signedIn(t, await createSession(t.deps.db, gone.id)).request("PATCH", "/api/settings/notifications", legacy);
    expect(res.status).toBe(401);
    expect((await t.client().request("PATCH", "/api/settings/notifications", legacy)).status).toBe(401);
  });
});

describe("DELETE /api/settings/account", () => {
  it("deletes the caller's account with its sessions and keys, keeps the company, and the session stops working", async () => {
    const team = await createTeam(t.deps.db);
    await t.deps.db.insert(apiKeys).values({ companyId: team.company.id, userId: team.reviewer.user.id, name: "ci", prefix: "cw_x", keyHash: sha256("cw_x-key") });
    const client = signedIn(t, team.reviewer.token);
    const res = await client.request("DELETE", "/api/settings/account");
    expect(res.status).toBe(204);
    expect(await userRow(team.reviewer.user.id)).toBeUndefined();
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, team.reviewer.user.id))).toEqual([]);
    expect(await t.deps.db.select().from(apiKeys).where(eq(apiKeys.userId, team.reviewer.user.id))).toEqual([]);
    expect(await userRow(team.admin.user.id)).toBeDefined();
    const audit = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, team.reviewer.user.id), eq(auditEvents.action, "user.delete_account")));
    expect(audit).toHaveLength(1);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    const logout = await client.get("/api/logout");
    expect(logout.status).toBe(302);
  });

  it("lets an admin go while another active admin remains", async () => {
    const team = await createTeam(t.deps.db);
    await createUser(t.deps.db, { companyId: team.company.id, role: "admin" });
    const res = await signedIn(t, team.admin.token).request("DELETE", "/api/settings/account");
    expect(res.status).toBe(204);
    expect(await userRow(team.admin.user.id)).toBeUndefined();
  });

  it("refuses the company's last admin with a clear message (a deactivated admin does not count)", async () => {
    const team = await createTeam(t.deps.db);
    await createUser(t.deps.db, { companyId: team.company.id, role: "admin", isActive: false });
    const res = await signedIn(t, team.admin.token).request("DELETE", "/api/settings/account");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "conflict", message: SETTINGS_MESSAGES.lastAdmin });
    expect(await userRow(team.admin.user.id)).toBeDefined();
  });

  it("refuses an API key (403): only the signed-in person may delete the account", async () => {
    const team = await createTeam(t.deps.db);
    await t.deps.db.insert(apiKeys).values({ companyId: team.company.id, userId: team.approver.user.id, name: "ci", prefix: "cw_y", keyHash: sha256("cw_y-key") });
    const res = await t.client().request("DELETE", "/api/settings/account", undefined, { authorization: "Bearer cw_y-key" });
    expect(res.status).toBe(403);
    expect(await userRow(team.approver.user.id)).toBeDefined();
  });

  it("answers 401 without a session, deleting nothing", async () => {
    const res = await t.client().request("DELETE", "/api/settings/account");
    expect(res.status).toBe(401);
  });
});
