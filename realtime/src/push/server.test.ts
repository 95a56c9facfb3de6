import { randomUUID } from "node:crypto";
import type { Server as HttpServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { PRESENCE_EVENT, PUSH_EVENTS, SOCKET_PATH, type ContractPresence } from "@clausewise/shared";
import { personName } from "@clausewise/api/presenters/reviewer";
import { createTestApp, type TestApp } from "@clausewise/api/test/app";
import { createSession } from "@clausewise/api/auth/sessions";
import { sha256 } from "@clausewise/api/auth/tokens";
import { apiKeys } from "@clausewise/api/db/schema/index";
import { createContract, createTeam, TEST_PASSWORD } from "@clausewise/api/test/factories";
import { suspendCompany } from "@clausewise/api/commands/billing-admin/suspend";
import { deactivateMember } from "@clausewise/api/commands/team/deactivate";
import { attachRealtime, type Realtime } from "../server";

let t: TestApp;
let realtime: Realtime;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  realtime = attachRealtime(t.server as HttpServer, t.deps);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await realtime.close();
  await t.close();
});

const outcomes = new WeakMap<Socket, Promise<"connected" | string>>();

/** Opens a socket and starts listening for its outcome at once, so a fast connect is never missed. */
function open(headers: Record<string, string>): Socket {
  const socket = connect(t.baseUrl, { path: SOCKET_PATH, transports: ["websocket"], extraHeaders: headers, reconnection: false, forceNew: true });
  sockets.push(socket);
  outcomes.set(
    socket,
    new Promise((resolve) => {
      socket.once("connect", () => resolve("connected"));
      socket.once("connect_error", (err) => resolve(err.message));
    }),
  );
  return socket;
}

function outcome(socket: Socket): Promise<"connected" | string> {
  return outcomes.get(socket)!;
}

describe("socket.io pushes", () => {
  it("refuses a connection without a session", async () => {
    expect(await outcome(open({}))).toBe("Unauthorized");
  });

  it("refuses an API key, of any scope: pushes take the session cookie only", async () => {
    const team = await createTeam(t.deps.db, { plan: "enterprise" });
    const key = `cw_${randomUUID()}`;
    await t.deps.db.insert(apiKeys).values({ companyId: team.company.id, userId: team.admin.user.id, name: "ci", prefix: key.slice(0, 10), keyHash: sha256(key), scope: "contracts:write" });
    expect((await t.client().get("/api/contracts", { authorization: `Bearer ${key}` })).status).toBe(200);
    expect(await outcome(open({ authorization: `Bearer ${key}` }))).toBe("Unauthorized");
  });

  it("refuses a foreign Origin even with a valid session", async () => {
    const team = await createTeam(t.deps.db);
    const result = await outcome(open({ cookie: `cw_session=${team.admin.token}`, origin: "https://evil.example" }));
    expect(result).not.toBe("connected");
  });

  it("disconnects a deactivated member at once, then every socket of a suspended company, and nobody else", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const reviewer = open({ cookie: `cw_session=${team.reviewer.token}` });
    const approver = open({ cookie: `cw_session=${team.approver.token}` });
    const bystander = open({ cookie: `cw_session=${other.reviewer.token}` });
    for (const s of [reviewer, approver, bystander]) expect(await outcome(s)).toBe("connected");
    const gone = (s: Socket) => new Promise<string>((resolve) => s.once("disconnect", resolve));

    const reviewerGone = gone(reviewer);
    await deactivateMember(t.deps, { actor: team.admin.user, member: team.reviewer.user });
    expect(await reviewerGone).toBe("io server disconnect");
    expect(approver.connected).toBe(true);

    const approverGone = gone(approver);
    await suspendCompany(t.deps, { actor: other.admin.user, company: team.company, request: { reason: "Payment overdue" } });
    expect(await approverGone).toBe("io server disconnect");
    await new Promise((r) => setTimeout(r, 100));
    expect(bystander.connected).toBe(true);
  });

  it("a password change disconnects the sockets of the other sessions at once; signing out, the socket of that session", async () => {
    const team = await createTeam(t.deps.db);
    const laptop = await createSession(t.deps.db, team.approver.user.id);
    const here = open({ cookie: `cw_session=${team.approver.token}` });
    const there = open({ cookie: `cw_session=${laptop}` });
    const colleague = open({ cookie: `cw_session=${team.reviewer.token}` });
    for (const s of [here, there, colleague]) expect(await outcome(s)).toBe("connected");
    const gone = (s: Socket) => new Promise<string>((resolve) => s.once("disconnect", resolve));
    const client = t.client();
    client.useSession(team.approver.token);

    const thereGone = gone(there);
    const changed = await client.post("/api/settings/password", { currentPassword: TEST_PASSWORD, newPassword: "a-brand-new-passphrase" });
    expect(changed.status).toBe(204);
    expect(await thereGone).toBe("io server disconnect");
    await new Promise((r) => setTimeout(r, 100));
    expect(here.connected).toBe(true);

    const hereGone = gone(here);
    expect((await client.post("/api/auth/logout", {})).status).toBeLessThan(300);
    expect(await hereGone).toBe("io server disconnect");
    await new Promise((r) => setTimeout(r, 100));
    expect(colleague.connected).toBe(true);
  });

  it("delivers a notification to its user and to nobody in another company", async () => {
    const team = await createTeam(t.deps.db);
    const other = await createTeam(t.deps.db);
    const mine = open({ cookie: `cw_session=${team.reviewer.token}`, origin: t.baseUrl });
    const theirs = open({ cookie: `cw_session=${other.reviewer.token}` });
    expect(await outcome(mine)).toBe("connected");
    expect(await outcome(theirs)).toBe("connected");

    const leaked: unknown[] = [];
    theirs.on(PUSH_EVENTS.notificationNew, (p: unknown) => leaked.push(p));
    const received = new Promise<unknown>((resolve) => mine.once(PUSH_EVENTS.notificationNew, resolve));
    await t.deps.bus.publish({
      type: PUSH_EVENTS.notificationNew,
      companyId: team.company.id,
      userIds: [team.reviewer.user.id],
      payload: { id: "n1", title: "Contract assigned", type: "contract_assigned" },
    });
    expect(await received).toEqual({ id: "n1", title: "Contract assigned", type: "contract_assigned" });
    // A company-wide event of the first company does not reach the second one either.
    await t.deps.bus.publish({ type: PUSH_EVENTS.contractUpdated, companyId: team.company.id, payload: { contractId: "c1" } });
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toEqual([]);
  });

  it("pushes markup:new to a client in the contract's room when a markup is added through the API, and not to another contract's room", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, createdBy: team.admin.user.id });
    const other = await createContract(t.deps.db, { companyId: team.company.id });
    const watcher = open({ cookie: `cw_session=${team.approver.token}` });
    const elsewhere = open({ cookie: `cw_session=${team.admin.token}` });
    expect(await outcome(watcher)).toBe("connected");
    expect(await outcome(elsewhere)).toBe("connected");
    const join = (socket: Socket, contractId: string) => new Promise<{ ok: boolean }>((resolve) => socket.emit("contract:join", { contractId }, resolve));
    expect(await join(watcher, contract.id)).toEqual({ ok: true });
    expect(await join(elsewhere, other.id)).toEqual({ ok: true });
    const wrongRoom: unknown[] = [];
    elsewhere.on(PUSH_EVENTS.markupNew, (p: unknown) => wrongRoom.push(p));

    const received = new Promise<{ contractId: string; id?: string }>((resolve) => watcher.once(PUSH_EVENTS.markupNew, resolve));
    const reviewer = t.client();
    reviewer.useSession(team.reviewer.token);
    const res = await reviewer.post<{ id: string }>(`/api/contracts/${contract.id}/markups`, { type: "comment", content: "Check the LD cap", position: { paragraph: 0 } });
    expect(res.status).toBe(201);
    expect(await received).toMatchObject({ contractId: contract.id, id: res.body.id });
    await new Promise((r) => setTimeout(r, 100));
    expect(wrongRoom).toEqual([]);
  });

  it("tells a contract's room who has it open (one entry per person), as people join, leave and disconnect", async () => {
    const team = await createTeam(t.deps.db);
    const theirs = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id });
    const other = await createContract(t.deps.db, { companyId: team.company.id });
    const approver = open({ cookie: `cw_session=${team.approver.token}` });
    const reviewerTab1 = open({ cookie: `cw_session=${team.reviewer.token}` });
    const reviewerTab2 = open({ cookie: `cw_session=${team.reviewer.token}` });
    const elsewhere = open({ cookie: `cw_session=${team.admin.token}` });
    const stranger = open({ cookie: `cw_session=${theirs.admin.token}` });
    for (const s of [approver, reviewerTab1, reviewerTab2, elsewhere, stranger]) expect(await outcome(s)).toBe("connected");
    const heard = (s: Socket) => {
      const list: ContractPresence[] = [];
      s.on(PRESENCE_EVENT, (p: ContractPresence) => list.push(p));
      return list;
    };
    const toApprover = heard(approver);
    const toElsewhere = heard(elsewhere);
    const toStranger = heard(stranger);
    const join = (socket: Socket, contractId: string) => new Promise<{ ok: boolean }>((resolve) => socket.emit("contract:join", { contractId }, resolve));
    const ids = (p: ContractPresence | undefined) => p?.viewers.map((v) => v.id).sort();
    const latest = async (list: ContractPresence[], expected: string[]) => {
      await expect.poll(() => ids(list.at(-1)), { timeout: 5_000 }).toEqual([...expected].sort());
      expect(list.at(-1)?.contractId).toBe(contract.id);
    };

    expect(await join(approver, contract.id)).toEqual({ ok: true });
    await latest(toApprover, [team.approver.user.id]);
    expect(await join(reviewerTab1, contract.id)).toEqual({ ok: true });
    expect(await join(reviewerTab2, contract.id)).toEqual({ ok: true });
    expect(await join(elsewhere, other.id)).toEqual({ ok: true });
    await latest(toApprover, [team.approver.user.id, team.reviewer.user.id]);
    expect(toApprover.at(-1)?.viewers).toContainEqual({ id: team.reviewer.user.id, name: personName(team.reviewer.user) });
    // Another company cannot join, so it hears nothing; another contract's room hears only its own.
    expect(await join(stranger, contract.id)).toEqual({ ok: false });

    // One tab leaves: the reviewer is still there; both gone: only the approver.
    reviewerTab1.emit("contract:leave", { contractId: contract.id });
    await expect.poll(() => toApprover.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(4);
    await latest(toApprover, [team.approver.user.id, team.reviewer.user.id]);
    reviewerTab2.close();
    await latest(toApprover, [team.approver.user.id]);

    expect(toStranger).toEqual([]);
    expect(toElsewhere.every((p) => p.contractId === other.id)).toBe(true);
    expect(ids(toElsewhere.at(-1))).toEqual([team.admin.user.id]);
  });

  it("refuses to join the room of another company's contract", async () => {
    const team = await createTeam(t.deps.db);
    const theirs = await createTeam(t.deps.db);
    const foreign = await createContract(t.deps.db, { companyId: theirs.company.id });
    const socket = open({ cookie: `cw_session=${team.admin.token}` });
    expect(await outcome(socket)).toBe("connected");
    const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit("contract:join", { contractId: foreign.id }, resolve));
    expect(ack).toEqual({ ok: false });
  });
});
