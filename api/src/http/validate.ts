import type { Context } from "hono";
import type { z } from "zod";
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

/** Reads a JSON body and parses it with a shared schema; bad input becomes a 400 that names the field. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  const text = await c.req.text();
  if (text.trim() === "") raw = {};
  else {
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
