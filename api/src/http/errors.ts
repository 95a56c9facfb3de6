import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from "@clausewise/shared";
import type { ZodError } from "zod";

/** The one error type the API throws on purpose; mapped to HTTP in http/on-error.ts. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }

  toBody(): ApiErrorBody {
    return this.fields ? { error: this.code, message: this.message, fields: this.fields } : { error: this.code, message: this.message };
  }
}

export const notFound = (message = "Not found") => new AppError("not_found", message);
export const forbidden = (message = "You do not have permission to do this.") => new AppError("forbidden", message);
export const unauthorized = (message = "Unauthorized: please sign in.") => new AppError("unauthorized", message);
export const badRequest = (message: string, fields?: Record<string, string>) => new AppError("validation_failed", message, fields);
export const conflict = (message: string) => new AppError("conflict", message);

export function fromZodError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  const where = first && first.path.length > 0 ? `${first.path.join(".")}: ` : "";
  return badRequest(first ? `${where}${first.message}` : "Invalid request", fields);
}
