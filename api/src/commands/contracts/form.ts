import { bodyLimit } from "hono/body-limit";
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES, UPLOAD_FORM_MESSAGES } from "@clausewise/shared";
import type { z } from "zod";
import { AppError, badRequest } from "../../http/errors";
import { payloadTooLarge, rejectUnstorableText } from "../../http/validate";

/*
 * Reading multipart forms (upload, exhibits). Lives beside the upload command for now; it is HTTP
 * plumbing and belongs in http/ once that folder's owner takes it.
 */

export interface ReadForm {
  /** Text parts by name (the first one when a name repeats); file parts are not here. */
  fields: Record<string, string>;
  /** The `file` part, when one was sent with a file name (browsers send an empty part for "no file"). */
  file: File | null;
}

/** Parses a multipart/form-data (or urlencoded) body; anything else is a 400 that says what to send. */
export async function readForm(request: { formData(): Promise<FormData> }, contentType: string | undefined): Promise<ReadForm> {
  const type = (contentType ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data") && !type.startsWith("application/x-www-form-urlencoded")) {
    throw new AppError("bad_request", "Send the form as multipart/form-data.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("bad_request", "The form data could not be read. Please try again.");
  }
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      if (!(name in fields)) fields[name] = value;
    } else if (name === "file" && !file && (value.name !== "" || value.size > 0)) {
      file = value;
    }
  }
  rejectUnstorableText(fields);
  return { fields, file };
}

/** A form's zod error as a 400 whose message is the first field's own text (the spec's messages are whole sentences). */
export function formError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
  return badRequest(error.issues[0]?.message ?? "Invalid form.", fields);
}

/** Parses form fields (or a JSON body) with a shared schema; errors as formError. */
export function parseForm<S extends z.ZodType>(schema: S, fields: unknown): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw formError(parsed.error);
  return parsed.data;
}

/**
 * hono's bodyLimit for a form carrying one file of at most 10 MB; over it, the spec's 413 message,
 * and the connection ends (the rest of the body is never read, so the connection cannot carry the
 * client's next request).
 */
export function uploadBodyLimit() {
  return bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw payloadTooLarge(UPLOAD_FORM_MESSAGES.tooLarge);
    },
  });
}
