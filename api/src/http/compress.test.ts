import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAnswers } from "./compress";

const CSV = `name,value\n${Array.from({ length: 200 }, (_, i) => `row ${i},${i}`).join("\n")}\n`;

function app() {
  return new Hono()
    .use("*", compressAnswers(1024))
    .get("/export.csv", (c) =>
      c.body(new TextEncoder().encode(CSV), 200, { "content-type": "text/csv; charset=utf-8", "content-length": String(Buffer.byteLength(CSV)), vary: "Origin" }),
    )
    .get("/small", (c) => c.json({ ok: true }))
    .get("/file.pdf", (c) => c.body(new Uint8Array(4096), 200, { "content-type": "application/pdf", "content-length": "4096" }));
}

describe("compressAnswers", () => {
  it("gzips a download that declared its length, with the compressed length and both Vary values", async () => {
    const res = await app().request("/export.csv", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(bytes.length).toBeLessThan(Buffer.byteLength(CSV));
    expect(gunzipSync(bytes).toString()).toBe(CSV);
    expect(res.headers.get("vary")).toMatch(/Origin/);
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
  });

  it("sends the same download as it is to a client that does not accept gzip", async () => {
    const res = await app().request("/export.csv", { headers: { "accept-encoding": "gzip;q=0" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(CSV)));
    expect(await res.text()).toBe(CSV);
  });

  it("leaves small answers and files of compressed formats alone", async () => {
    const small = await app().request("/small", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const pdf = await app().request("/file.pdf", { headers: { "accept-encoding": "gzip" } });
    expect(pdf.headers.get("content-encoding")).toBeNull();
    expect((await pdf.arrayBuffer()).byteLength).toBe(4096);
  });
});
