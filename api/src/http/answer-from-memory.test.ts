import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/sessions";
import { createSessionCache, type SessionCache } from "../auth/session-cache";
import { createTestApp, type TestApp } from "../test/app";
import { createTeam } from "../test/factories";
import { createAnswerCache, type AnswerCache } from "./answer-cache";
import { answerFromMemory } from "./answer-from-memory";

const TTL = 60_000;
const SECURITY: [string, string][] = [["x-frame-options", "DENY"], ["x-content-type-options", "nosniff"]];
/** What the app would answer: anything answerFromMemory does not answer itself reaches it. */
const CHAIN = "the chain answered";

let t: TestApp;
let sessions: SessionCache;
let answers: AnswerCache;
let fetch: (request: Request) => Response;
beforeAll(async () => {
  t = await createTestApp();
  sessions = createSessionCache({ ttlMs: TTL });
  answers = createAnswerCache({ ttlMs: TTL });
  const fromMemory = answerFromMemory({ deps: t.deps, sessions, answers, paths: ["/api/contracts"], securityHeaders: Promise.resolve(SECURITY) });
  fetch = (request) => fromMemory(request) ?? new Response(CHAIN, { status: 299 });
  await Promise.resolve();
});
afterAll(() => t.close());

const plain = new TextEncoder().encode(JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ title: `Contract ${i}` }))));
const answer = () => ({ plain, gzip: new Uint8Array(gzipSync(plain)), headers: [["content-type", "application/json"], ["x-total-count", "40"]] as [string, string][], readAt: performance.now() });

/** A company whose list of `query` is in the answer cache, and a member whose session the session cache holds. */
async function warmTeam(query = "") {
  const team = await createTeam(t.deps.db);
  const { sessions: policy } = t.deps.config;
  expect((await sessions.lookup(t.deps.db, team.reviewer.token, t.deps.now(), policy)).status).toBe("active");
  answers.set(team.company.id, `/api/contracts${query}`, answer(), answers.generation(team.company.id));
  return team;
}

const get = async (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(new Request(`http://localhost${path}`, { method, headers }));
const cookie = (token: string) => ({ cookie: `cw_session=${token}` });

describe("answerFromMemory", () => {
  it("answers a cached list to a remembered session of its company, with the request id and security headers", async () => {
    const team = await warmTeam();
    const res = await get("/api/contracts", { ...cookie(team.reviewer.token), "x-request-id": "req-1" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(new TextDecoder().decode(plain));
    expect(res.headers.get("x-request-id")).toBe("req-1");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-total-count")).toBe("40");
    expect(res.headers.get("content-encoding")).toBeNull();

    const zipped = await get("/api/contracts", { ...cookie(team.reviewer.token), "accept-encoding": "gzip" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(zipped.headers.get("x-request-id")).toMatch(/^[\w-]{36}$/);
  });

  it("keeps answers per path and query", async () => {
    const team = await warmTeam("?limit=50");
    expect(await (await get("/api/contracts?limit=50", cookie(team.reviewer.token))).text()).not.toBe(CHAIN);
    expect(await (await get("/api/contracts", cookie(team.reviewer.token))).text()).toBe(CHAIN);
    expect(await (await get("/api/contracts?limit=5", cookie(team.reviewer.token))).text()).toBe(CHAIN);
  });

  it("leaves every other request to the app", async () => {
    const team = await warmTeam();
    const { token } = team.reviewer;
    const toChain = [
      get("/api/contracts"),
      get("/api/contracts", cookie("not-a-session")),
      // A member whose session was never read (the chain reads and checks it).
      get("/api/contracts", cookie(team.admin.token)),
      // An API key's scope and plan are checked by the route: never here, even beside a good cookie.
      get("/api/contracts", { ...cookie(token), authorization: "Bearer cw_key" }),
      get("/api/contracts", { ...cookie(token), "content-length": "0" }),
      get("/api/contracts", cookie(token), "HEAD"),
      get("/api/contracts", cookie(token), "POST"),
      get("/api/contracts/", cookie(token)),
      get("/api/contracts/123", cookie(token)),
      get("/api/contractsx", cookie(token)),
    ];
    for (const res of await Promise.all(toChain)) expect(res.status).toBe(299);
  });

  it("never answers another company's list, nor a session still owing its second factor", async () => {
    const team = await warmTeam();
    const other = await createTeam(t.deps.db);
    await sessions.lookup(t.deps.db, other.reviewer.token, t.deps.now(), t.deps.config.sessions);
    expect((await get("/api/contracts", cookie(other.reviewer.token))).status).toBe(299);

    const pending = await createSession(t.deps.db, team.approver.user.id, { pendingSecondFactor: true });
    expect((await sessions.lookup(t.deps.db, pending, t.deps.now(), t.deps.config.sessions)).status).toBe("active");
    expect((await get("/api/contracts", cookie(pending))).status).toBe(299);
  });

  it("stops answering once either cache forgets: the answer, or the session", async () => {
    const one = await warmTeam();
    expect((await get("/api/contracts", cookie(one.reviewer.token))).status).toBe(200);
    answers.forgetCompany(one.company.id);
    expect((await get("/api/contracts", cookie(one.reviewer.token))).status).toBe(299);

    const two = await warmTeam();
    expect((await get("/api/contracts", cookie(two.reviewer.token))).status).toBe(200);
    sessions.forgetUser(two.reviewer.user.id);
    expect((await get("/api/contracts", cookie(two.reviewer.token))).status).toBe(299);
  });
});
