import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { encodeUpdate, updateMessagePrefix } from "./protocol";
import { binaryFrame, CollabSocket, frameMessage } from "./socket";

/** A ws server whose sockets are CollabSockets, and one stock ws client connected to it. */
async function pair(): Promise<{ server: CollabSocket; client: WebSocket; close(): Promise<void> }> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, WebSocket: CollabSocket, perMessageDeflate: false });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const accepted = new Promise<CollabSocket>((resolve) => wss.once("connection", (ws) => resolve(ws as CollabSocket)));
  const client = new WebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}`);
  await new Promise((resolve, reject) => client.once("open", resolve).once("error", reject));
  return {
    server: await accepted,
    client,
    close: async () => {
      client.terminate();
      wss.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe("binaryFrame and sendFramed", () => {
  it("delivers messages of every length class, in order, between ordinary sends", async () => {
    const { server, client, close } = await pair();
    cleanup = close;
    // Around each boundary of the frame header's length field: 7 bits, 16 bits, 64 bits.
    const lengths = [0, 1, 125, 126, 127, 65535, 65536, 70000];
    const received: Buffer[] = [];
    const all = new Promise<void>((resolve) =>
      client.on("message", (data: Buffer) => {
        received.push(data);
        if (received.length === lengths.length * 2) resolve();
      }),
    );
    const sent: Uint8Array[] = [];
    lengths.forEach((length, i) => {
      const framed = bytes(length, i);
      const plain = bytes(length + 1, i + 100);
      server.sendFramed(binaryFrame(framed), framed);
      server.send(plain);
      sent.push(framed, plain);
    });
    await all;
    expect(received.map((b) => b.length)).toEqual(sent.map((b) => b.length));
    received.forEach((data, i) => expect(Buffer.compare(data, Buffer.from(sent[i]!)), `message ${i}`).toBe(0));
  });

  it("frames exactly as the protocol says: FIN and binary opcode, unmasked, big-endian lengths", () => {
    expect([...binaryFrame(Uint8Array.of(7, 8))]).toEqual([0x82, 2, 7, 8]);
    const medium = binaryFrame(bytes(300, 0));
    expect([...medium.subarray(0, 4)]).toEqual([0x82, 126, 0x01, 0x2c]);
    const large = binaryFrame(bytes(65536, 0));
    expect([...large.subarray(0, 10)]).toEqual([0x82, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(large.length).toBe(65546);
  });

  it("frames a relayed update with its message header in one go: the same bytes as framing encodeUpdate's message", () => {
    // Around each boundary of the update's varuint length (7, 14, 21 bits) and of the frame's length field.
    for (const length of [0, 1, 120, 121, 122, 123, 127, 128, 16383, 16384, 65531, 65532, 70000, 2_097_151, 2_097_152]) {
      const update = bytes(length, length % 251);
      const message = encodeUpdate(update);
      expect(updateMessagePrefix(length), `prefix of ${length}`).toEqual([...message.subarray(0, message.length - length)]);
      const frame = binaryFrame(update, updateMessagePrefix(length));
      expect(Buffer.compare(frame, binaryFrame(message)), `frame of ${length}`).toBe(0);
      expect(Buffer.compare(frameMessage(frame), Buffer.from(message)), `message of ${length}`).toBe(0);
    }
  });

  it("keeps the order of messages when ws's sender is busy (a Blob being read)", async () => {
    const { server, client, close } = await pair();
    cleanup = close;
    const received: Buffer[] = [];
    const both = new Promise<void>((resolve) =>
      client.on("message", (data: Buffer) => {
        received.push(data);
        if (received.length === 3) resolve();
      }),
    );
    // ws reads a Blob asynchronously and queues what is sent meanwhile; a frame written straight to
    // the socket would overtake it.
    server.send(new Blob([bytes(10, 1)]));
    server.sendFramed(binaryFrame(bytes(20, 2)), bytes(20, 2));
    server.sendFramed(binaryFrame(bytes(30, 3)), bytes(30, 3));
    await both;
    expect(received.map((b) => b.length)).toEqual([10, 20, 30]);
  });
});
