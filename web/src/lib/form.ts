/** One message per field: the first issue zod reports for it, for fields the form shows. */
export function toFieldErrors<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly K[],
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === "string" && (fields as readonly string[]).includes(key) && !errors[key as K]) {
      errors[key as K] = issue.message;
    }
  }
  return errors;
}
