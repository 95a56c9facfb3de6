/** What a template renders: the mailer sends both parts. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Names and company names come from users; nothing they type may become markup in someone's inbox. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** A plain, inline-styled frame (mail clients ignore style sheets). `body` must already be escaped. */
export function layout(options: { title: string; body: string; supportEmail: string }): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>' + escapeHtml(options.title) + "</title></head>",
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">',
    '<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#1e3a8a">ClauseWise</p>',
    options.body,
    '<p style="margin:32px 0 0;font-size:12px;color:#6b7280">Questions? Write to ' +
      `<a href="mailto:${escapeHtml(options.supportEmail)}" style="color:#6b7280">${escapeHtml(options.supportEmail)}</a>.</p>`,
    "</div></body></html>",
  ].join("\n");
}

export function button(href: string, label: string): string {
  return (
    `<p style="margin:24px 0"><a href="${escapeHtml(href)}" ` +
    'style="display:inline-block;background:#1e40af;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">' +
    `${escapeHtml(label)}</a></p>`
  );
}
