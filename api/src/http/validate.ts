import type { Context } from "hono";
import type { z } from "zod";
import { AppError, fromZodError } from "./errors";

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
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID cannot name a row: answer exactly like a missing one. */
export function pathId(c: Context, name = "id"): string {
  const value = c.req.param(name);
  if (!value || !UUID.test(value)) throw new AppError("not_found", "Not found");
  return value.toLowerCase();
}
