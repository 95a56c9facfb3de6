import type { Context } from "hono";
import type { z } from "zod";
import { JSON_BODY_MAX_BYTES } from "@clausewise/shared";
import { AppError, badRequest, fromZodError } from "./errors";

export const UNSTORABLE_TEXT_MESSAGE = "Text cannot contain NUL (\\u0000) characters or broken Unicode (unpaired surrogates).";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text PostgreSQL cannot store: U+0000 (refused by text and jsonb) and unpaired UTF-16 surrogates
 * (not characters at all; jsonb refuses their \u escapes). Past validation either would fail in the
 * database as a 500, so every string and key of the input is checked up front (iteratively: parsed
 * JSON may be nested deeper than the call stack).
 */
export function rejectUnstorableText(input: unknown): void {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000") || LONE_SURROGATE.test(value)) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
    } else if (Array.isArray(value)) {
      // One by one: spreading a huge array into push() would overflow the stack.
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) pending.push(key, inner);
    }
  }
}

export interface JsonBodyLimit {
  /** Largest body accepted, in bytes (default JSON_BODY_MAX_BYTES); declared by the few routes that need more. */
  maxBytes?: number;
  /** The 413's message. */
  tooLarge?: string;
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

/**
 * Only JSON is read as JSON: a text/plain body (what a cross-site form or a no-cors fetch can send)
 * or a multipart one is a 415 before a byte is read. A missing Content-Type passes when the body is
 * empty (POST without a body), and JSON must be UTF-8 (RFC 8259).
 */
function assertJsonContentType(header: string | undefined): "json" | "none" {
  if (header === undefined || header.trim() === "") return "none";
  const [type = "", ...params] = header.split(";").map((part) => part.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith("charset="))?.slice(8).replace(/"/g, "");
  if (JSON_MEDIA_TYPE.test(type) && (charset === undefined || charset === "utf-8" || charset === "utf8")) return "json";
  throw unsupportedMediaType();
}

const unsupportedMediaType = () => new AppError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");

/**
 * A 413 that also ends the connection: the rest of the body stays unread, so the connection cannot
 * carry another request (a client that reused it would see it hang up).
 */
export const payloadTooLarge = (message: string) => new AppError("payload_too_large", message, undefined, { Connection: "close" });

/**
 * Reads the body as text, refusing (413) past `maxBytes`: at once when Content-Length says so,
 * otherwise as the bytes arrive (a chunked body has no length), so no more than the limit is ever held.
 */
async function readLimitedText(c: Context, limit: Required<JsonBodyLimit>): Promise<string> {
  const tooLarge = () => payloadTooLarge(limit.tooLarge);
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > limit.maxBytes) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit.maxBytes) {
      // Stop reading; the server drains and drops the rest after answering.
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  // TextDecoder, like Request.text(): malformed bytes become U+FFFD and a leading BOM is dropped.
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/** Reads a JSON body and parses it with a shared schema; bad input becomes a 400 that names the field. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S, limit: JsonBodyLimit = {}): Promise<z.infer<S>> {
  const declaredType = assertJsonContentType(c.req.header("content-type"));
  const text = await readLimitedText(c, {
    maxBytes: limit.maxBytes ?? JSON_BODY_MAX_BYTES,
    tooLarge: limit.tooLarge ?? `The request body is too large (at most ${(limit.maxBytes ?? JSON_BODY_MAX_BYTES) / (1024 * 1024)} MB).`,
  });
  let raw: unknown;
  if (text.trim() === "") raw = {};
  else {
    if (declaredType === "none") throw unsupportedMediaType();
    try {
      raw = JSON.parse(text);
    } catch {
      throw new AppError("bad_request", "The request body must be valid JSON.");
    }
  }
  rejectUnstorableText(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = c.req.query();
  rejectUnstorableText(query);
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path id that is not a UUID cannot name a row: answer exactly like a missing one, so `missing`
 * is the same error the entity's loader throws (DECISIONS.md "Foreign rows are 404").
 */
export function pathId(c: Context, name = "id", missing: () => AppError = () => new AppError("not_found", "Not found")): string {
  const value = c.req.param(name);
  if (!value || !UUID.test(value)) throw missing();
  return value.toLowerCase();
}
