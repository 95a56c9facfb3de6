import type { Server as HttpServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@clausewise/api/test/app";
import { createContract, createTeam } from "@clausewise/api/test/factories";
import { signedIn } from "@clausewise/api/test/lifecycle-factories";
import { enqueue } from "@clausewise/api/jobs/queue";
import { attachRealtime, type Realtime } from "./server";
import { connectPeer, eventually, firstText, sessionHeaders } from "./test/collab";

let t: TestApp;
let realtime: Realtime;
beforeAll(async () => {
  t = await createTestApp();
  realtime = attachRealtime(t.server as HttpServer, t.deps);
});
afterAll(async () => {
  await realtime.close();
  await t.close();
});

async function scrape(): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${t.baseUrl}/metrics`);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

/** The value of one series, e.g. value(text, 'clausewise_jobs_queue_depth{type="x"}'). */
function value(text: string, series: string): number | null {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe("GET /metrics", () => {
  it("exposes request latency by route pattern, job queue depth and live-document gauges in Prometheus format", async () => {
    const team = await createTeam(t.deps.db);
    const contract = await createContract(t.deps.db, { companyId: team.company.id, content: "<p>Metrics.</p>" });
    const client = signedIn(t, team.admin.token);
    expect((await client.get(`/api/contracts/${contract.id}`)).status).toBe(200);
    expect((await client.get("/api/no-such-thing")).status).toBe(404);
    await enqueue(t.deps.db, "metrics-test", { n: 1 });
    await enqueue(t.deps.db, "metrics-test", { n: 2 });

    const peer = connectPeer(t.baseUrl, contract.id, sessionHeaders(team.admin.token));
    try {
      await peer.synced();
      firstText(peer.doc).insert(0, "Edited. ");
      const scraped = await scrape();
      expect(scraped.status).toBe(200);
      expect(scraped.type).toContain("text/plain; version=0.0.4");
      const { text } = scraped;
      expect(text).toContain("# TYPE clausewise_http_request_duration_seconds histogram");
      // The route pattern, never the id: one series per route.
      expect(value(text, 'clausewise_http_request_duration_seconds_count{method="GET",route="/api/contracts/:id",status="200"}')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'clausewise_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(contract.id);
      expect(value(text, 'clausewise_jobs_queue_depth{type="metrics-test"}')).toBe(2);
      expect(value(text, "clausewise_collab_connections_open")).toBe(1);
      expect(value(text, "clausewise_collab_documents_loaded")).toBe(1);
      expect(text).toContain("# TYPE clausewise_collab_update_log_pending gauge");
      // The process's own memory, as standard dashboards name it.
      expect(value(text, "process_resident_memory_bytes")).toBeGreaterThan(value(text, "nodejs_heap_size_used_bytes")!);
      expect(value(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(1_000_000);
      await eventually(async () => (value((await scrape()).text, "clausewise_collab_update_log_write_seconds_count") ?? 0) >= 1, "an update batch was written");
    } finally {
      peer.destroy();
    }
    await eventually(async () => value((await scrape()).text, "clausewise_collab_connections_open") === 0, "the connection is counted out");
  });
});
