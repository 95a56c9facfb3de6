/**
 * A `next` target we may redirect to after sign-in: a path on this site only. Anything that a
 * browser could read as another host (`//evil`, `/\evil`, `https://…`) or that carries control
 * characters is dropped, so /api/login cannot be used as an open redirect.
 */
export function safeNextPath(value: string | undefined): string | undefined {
  if (!value || value.length > 2000) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const url = new URL(value, "http://placeholder.invalid");
    if (url.origin !== "http://placeholder.invalid") return undefined;
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}
