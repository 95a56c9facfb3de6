import { button, escapeHtml, layout, type RenderedEmail } from "../email/templates/layout";

export interface NoticeItem {
  title: string;
  message: string;
  actionUrl: string | null;
}

interface Frame {
  appUrl: string;
  supportEmail: string;
}

const link = (frame: Frame, actionUrl: string | null) => (actionUrl ? frame.appUrl + actionUrl : null);
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ");

/** One notification by e-mail; its texts come from users (titles, comments), so they are escaped. */
export function notificationTemplate(item: NoticeItem, frame: Frame): RenderedEmail {
  const href = link(frame, item.actionUrl);
  const subject = oneLine(item.title);
  const text = [item.message, ...(href ? ["", `Open: ${href}`] : []), "", `Manage your notifications: ${frame.appUrl}/notification-preferences`].join("\n");
  const html = layout({
    title: subject,
    supportEmail: frame.supportEmail,
    body: [
      `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(item.title)}</p>`,
      `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(item.message)}</p>`,
      href ? button(href, "Open in ClauseWise") : "",
      `<p style="margin:16px 0 0;font-size:12px"><a href="${escapeHtml(frame.appUrl)}/notification-preferences" style="color:#6b7280">Manage your notifications</a></p>`,
    ].join("\n"),
  });
  return { subject, text, html };
}

/** The daily or weekly digest: every collected notice in the order they happened. */
export function digestTemplate(items: NoticeItem[], frequency: "daily" | "weekly", frame: Frame): RenderedEmail {
  const subject = `Your ${frequency} ClauseWise digest: ${items.length} notification${items.length === 1 ? "" : "s"}`;
  const text = [
    `Here is what happened since your last ${frequency} digest.`,
    "",
    ...items.flatMap((item) => {
      const href = link(frame, item.actionUrl);
      return [`- ${oneLine(item.title)}`, `  ${item.message}`, ...(href ? [`  ${href}`] : []), ""];
    }),
    `Manage your notifications: ${frame.appUrl}/notification-preferences`,
  ].join("\n");
  const html = layout({
    title: subject,
    supportEmail: frame.supportEmail,
    body: [
      `<p style="margin:0 0 16px">Here is what happened since your last ${frequency} digest.</p>`,
      ...items.map((item) => {
        const href = link(frame, item.actionUrl);
        const title = href ? `<a href="${escapeHtml(href)}" style="color:#1e40af">${escapeHtml(item.title)}</a>` : escapeHtml(item.title);
        return `<div style="margin:0 0 16px"><p style="margin:0 0 4px;font-weight:bold">${title}</p><p style="margin:0;white-space:pre-wrap">${escapeHtml(item.message)}</p></div>`;
      }),
      `<p style="margin:16px 0 0;font-size:12px"><a href="${escapeHtml(frame.appUrl)}/notification-preferences" style="color:#6b7280">Manage your notifications</a></p>`,
    ].join("\n"),
  });
  return { subject, text, html };
}
