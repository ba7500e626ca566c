import type { Language } from "~shared/language";
import { escapeHtml } from "../../lib/sanitize-html";
import type { MailMessage } from "./mailer";

/** The wording of a mail that asks the reader to follow one link (an invitation, a password reset). */
export interface LinkMailCopy {
  subject: string;
  greeting: string;
  intro: string;
  /** The line before the bare link, e.g. "Choose a new password with this link:". */
  action: string;
  /** The HTML button's text. */
  button: string;
  expiry: string;
  ignore: string;
  /** May hold a line break between the closing and the sender. */
  signature: string;
}

/** A one-link mail: plain text and simple HTML with a button, sent in the shop's name. */
export function linkMail(input: {
  to: string;
  link: string;
  language: Language;
  fromName: string;
  copy: LinkMailCopy;
}): MailMessage {
  const c = input.copy;
  const text = [
    c.greeting,
    "",
    c.intro,
    c.action,
    "",
    input.link,
    "",
    c.expiry,
    c.ignore,
    "",
    c.signature,
  ].join("\n");
  const p = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${input.language}">
<body style="margin:0;padding:24px;background:#f7f8f6;font-family:Arial,Helvetica,sans-serif;color:#14201f;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${p(c.greeting)}
${p(c.intro)}
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#0f6b63;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(c.button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52615f">${escapeHtml(c.action)}<br><a href="${link}" style="color:#0f6b63;word-break:break-all">${link}</a></p>
${p(c.expiry)}
${p(c.ignore)}
<p style="margin:0">${escapeHtml(c.signature).replace("\n", "<br>")}</p>
</div>
</body>
</html>`;
  return { to: input.to, subject: c.subject, text, html, fromName: input.fromName };
}
