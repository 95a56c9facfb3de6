import { createServer as createHttpServer } from "node:http";
import { createServer, type Server as NetServer, type Socket as NetSocket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Server } from "socket.io";
import { capturingLogger } from "@clausewise/api/test/logs";
import { redisAdapter } from "./adapter";

/*
 * A Redis that accepts connections and never answers: ioredis stays "connecting", so every command
 * the socket.io adapter sends waits in the offline queue. Closing then rejects each of them with
 * "Connection is closed" — the adapter never handles those promises, and an unhandled rejection
 * ends a Node process (seen in CI when Redis was away at shut-down).
 */
describe("socket.io Redis adapter while Redis does not answer", () => {
  const held: NetSocket[] = [];
  let silent: NetServer | undefined;

  afterEach(async () => {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
  });

  it("closes without an unhandled rejection from the commands left in the offline queue", async () => {
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent!.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;

    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      const { logger } = capturingLogger("debug");
      const http = createHttpServer();
      await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
      const io = new Server(http, { adapter: redisAdapter(`redis://127.0.0.1:${port}`, "cw-silent:", logger) });
      io.of("/contracts"); // a second namespace: its (p)subscribe are queued too
      // Both connections reached the silent server, so their commands sit in the offline queue.
      await waitFor(() => held.length >= 2);
      io.to("room").emit("ping"); // a broadcast: a PUBLISH queued on the publishing connection
      await io.close();
      // The queue is flushed with errors when the socket closes; give the rejections time to surface.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off("unhandledRejection", record);
    }
    expect(unhandled.map(String)).toEqual([]);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the Redis connections");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
