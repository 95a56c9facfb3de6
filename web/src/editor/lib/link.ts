import { isSafeLinkHref } from "@clausewise/shared/editor";

export type LinkResult = { ok: true; href: string; text: string } | { ok: false; errors: { url?: string; text?: string } };

const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const BARE_HOST = /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+([/?#:]\S*)?$/i;

/**
 * What a typed address means: "example.com/terms" is a web page, "counsel@example.com" an e-mail
 * address; anything with a scheme is taken as written (and must then be http, https or mailto).
 */
export function normalizeLinkUrl(input: string): string {
  const url = input.trim();
  if (EMAIL.test(url)) return `mailto:${url}`;
  if (BARE_HOST.test(url)) return `https://${url}`;
  return url;
}

function isWellFormed(href: string): boolean {
  if (/^mailto:/i.test(href)) return EMAIL.test(href.slice("mailto:".length).split("?")[0] ?? "");
  try {
    const parsed = new URL(href);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Spec §5: a link needs both a URL and its text; only web pages and e-mail addresses (shared/editor/urls). */
export function validateLink(input: { url: string; text: string }): LinkResult {
  const errors: { url?: string; text?: string } = {};
  const text = input.text.trim();
  const href = normalizeLinkUrl(input.url);
  if (!href) errors.url = "Enter the link address.";
  else if (!isSafeLinkHref(href) || !isWellFormed(href)) errors.url = "Use a web address (http:// or https://) or an e-mail address (mailto:).";
  if (!text) errors.text = "Enter the text to show for the link.";
  return errors.url || errors.text ? { ok: false, errors } : { ok: true, href, text };
}
