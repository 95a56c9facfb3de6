import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

/** A Hono app with one JSON route and nothing else: the ceiling that benches compare the API with. */
export async function startBareHono(): Promise<{ url: string; close(): void }> {
  const app = new Hono().get("/bare", (c) => c.json({ ok: true }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare`, close: () => server.close() };
}
