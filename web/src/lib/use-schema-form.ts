import { useState } from "react";
import { toFieldErrors } from "./form";

/** What the form needs of a zod schema (web does not import zod itself; shared's schemas are zod). */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * A form of text fields checked by the zod schema the server uses: `set(field)` is the change
 * handler, `validate()` shows each field's first message and returns the parsed values, or null.
 */
export function useSchemaForm<F extends string, T>(schema: Schema<T>, initial: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const fields = Object.keys(initial) as F[];
  const set = (field: F) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const validate = (): T | null => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues, fields));
      return null;
    }
    setErrors({});
    return parsed.data;
  };
  return { values, errors, set, validate };
}
