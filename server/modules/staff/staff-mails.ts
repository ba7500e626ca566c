import type { Language } from "../../lib/language";
import type { MailMessage } from "../mail/mailer";

export interface InvitationMailInput {
  to: string;
  name: string;
  role: string;
  shopName: string;
  invitedBy: string;
  link: string;
  language: Language;
}

const copy = {
  en: {
    subject: (shop: string) => `You are invited to the ${shop} back office`,
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    intro: (by: string, shop: string, role: string) =>
      `${by} invited you to join the back office of ${shop} as ${role}.`,
    action: "Create your account with this link:",
    button: "Create my account",
    expiry: "The link works once and expires after 7 days.",
    ignore: "If you did not expect this invitation, you can ignore this email.",
    signature: (shop: string) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (shop: string) => `Je bent uitgenodigd voor de backoffice van ${shop}`,
    greeting: (name: string) => (name ? `Hallo ${name},` : "Hallo,"),
    intro: (by: string, shop: string, role: string) =>
      `${by} heeft je uitgenodigd voor de backoffice van ${shop} als ${role}.`,
    action: "Maak je account aan via deze link:",
    button: "Account aanmaken",
    expiry: "De link werkt één keer en verloopt na 7 dagen.",
    ignore: "Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.",
    signature: (shop: string) => `Met vriendelijke groet,\n${shop}`,
  },
} satisfies Record<Language, unknown>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
  );

/** The invitation to create a staff account: plain text and simple HTML. */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const c = copy[input.language] ?? copy.en;
  const intro = c.intro(input.invitedBy, input.shopName, input.role);
  const text = [
    c.greeting(input.name),
    "",
    intro,
    c.action,
    "",
    input.link,
    "",
    c.expiry,
    c.ignore,
    "",
    c.signature(input.shopName),
  ].join("\n");
  const p = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${input.language}">
<body style="margin:0;padding:24px;background:#f7f8f6;font-family:Arial,Helvetica,sans-serif;color:#14201f;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${p(c.greeting(input.name))}
${p(intro)}
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#0f6b63;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(c.button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52615f">${escapeHtml(c.action)}<br><a href="${link}" style="color:#0f6b63;word-break:break-all">${link}</a></p>
${p(c.expiry)}
${p(c.ignore)}
<p style="margin:0">${escapeHtml(c.signature(input.shopName)).replace("\n", "<br>")}</p>
</div>
</body>
</html>`;
  return { to: input.to, subject: c.subject(input.shopName), text, html, fromName: input.shopName };
}
