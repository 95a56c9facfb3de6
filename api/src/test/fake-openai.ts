/**
 * A local HTTP server that speaks enough of the OpenAI chat-completions API for the real `openai`
 * SDK (DESIGN.md §7: fakes only at the edge of the world, driven by the real client). Port 0; each
 * test sets how it answers and reads back what it was sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatMessage {
  role: string;
  content: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The parsed JSON body. */
  body: { model?: string; messages?: ChatMessage[]; response_format?: { type: string; json_schema?: { name: string; schema: unknown } } };
  messages: ChatMessage[];
  /** response_format.json_schema.name, when structured output was asked for. */
  schemaName: string | null;
  /** The client went away before the answer was sent (it timed out or aborted). */
  abandoned: boolean;
}

/** How to answer one request. */
export type FakeReply =
  /** A completion whose message content is this value, as JSON. */
  | { json: unknown; delayMs?: number; finishReason?: "stop" | "length" }
  /** A completion whose message content is this raw string (e.g. not JSON). */
  | { content: string; delayMs?: number; finishReason?: "stop" | "length" }
  /** An API error (500, 429, 401…) with OpenAI's error body. */
  | { status: number; message?: string; delayMs?: number };

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAI {
  /** For the SDK's `baseURL` (ends in /v1). */
  baseURL: string;
  requests: RecordedRequest[];
  /** Answer every request with `reply`, or with what `handler` returns for each. */
  respond(reply: FakeReply | FakeHandler): void;
  close(): Promise<void>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function completion(model: string, content: string, finishReason: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  let handler: FakeHandler = () => ({ status: 500, message: "fake-openai: no reply configured for this test" });
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const gone = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) gone.abort();
      });
      const raw = await readBody(req);
      let body: RecordedRequest["body"] = {};
      try {
        body = JSON.parse(raw) as RecordedRequest["body"];
      } catch {
        // recorded as an empty body; the route check below answers 400
      }
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body,
        messages: body.messages ?? [],
        schemaName: body.response_format?.json_schema?.name ?? null,
        abandoned: false,
      };
      requests.push(recorded);
      gone.signal.addEventListener("abort", () => (recorded.abandoned = true));

      if (req.method !== "POST" || req.url !== "/v1/chat/completions" || !Array.isArray(body.messages)) {
        send(res, 400, { error: { message: "fake-openai: only POST /v1/chat/completions with messages", type: "invalid_request_error" } });
        return;
      }
      const reply = await handler(recorded);
      if (reply.delayMs) await sleep(reply.delayMs, gone.signal);
      if (gone.signal.aborted) return;
      if ("status" in reply) {
        send(res, reply.status, { error: { message: reply.message ?? `fake-openai: HTTP ${reply.status}`, type: "server_error", code: null, param: null } });
        return;
      }
      const content = "json" in reply ? JSON.stringify(reply.json) : reply.content;
      send(res, 200, completion(body.model ?? "fake-model", content, reply.finishReason ?? "stop"));
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { message: `fake-openai: ${String(error)}`, type: "server_error" } });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    respond(reply) {
      handler = typeof reply === "function" ? reply : () => reply;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The system and user messages of a recorded request. */
export function messagesOf(request: RecordedRequest): { system: string; user: string } {
  const of = (role: string) => request.messages.filter((message) => message.role === role).map((message) => message.content).join("\n");
  return { system: of("system"), user: of("user") };
}
