/**
 * Where to go after signing in. Only same-site paths of the web app are accepted, so a crafted
 * `?next=https://evil.example` or `//evil.example` cannot send the user elsewhere, and `/api/...`
 * cannot loop back into the sign-in redirect.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw) return "/";
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  if ([...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\\")) return "/";
  if (raw === "/api" || raw.startsWith("/api/") || raw.startsWith("/api?")) return "/";
  return raw;
}
