import type { Language } from "../../lib/language";
import { type ResolvedTemplate, renderMail } from "../content/email-templates.service";
import type { MailMessage } from "../mail/mailer";

export interface ResetMailInput {
  to: string;
  name: string;
  shopName: string;
  link: string;
  language: Language;
  /** The school's own wording (email templates), used instead of the built-in text when given. */
  template?: ResolvedTemplate | null;
}

const copy = {
  en: {
    subject: (shop: string) => `Reset your password for ${shop}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (shop: string) => `Someone asked to reset the password of your ${shop} account.`,
    action: "Choose a new password with this link:",
    button: "Choose a new password",
    expiry: "The link works once and expires after one hour.",
    ignore: "If you did not ask for this, you can ignore this email: your password stays the same.",
    signature: (shop: string) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (shop: string) => `Stel een nieuw wachtwoord in voor ${shop}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: (shop: string) => `Er is gevraagd om het wachtwoord van je ${shop}-account opnieuw in te stellen.`,
    action: "Kies een nieuw wachtwoord via deze link:",
    button: "Nieuw wachtwoord kiezen",
    expiry: "De link werkt één keer en verloopt na één uur.",
    ignore: "Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft hetzelfde.",
    signature: (shop: string) => `Met vriendelijke groet,\n${shop}`,
  },
} satisfies Record<Language, unknown>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string,
  );

/** The password reset mail, plain text and simple HTML, in the language the customer asked in. */
export function passwordResetMail(input: ResetMailInput): MailMessage {
  if (input.template) {
    const values = { name: input.name, shopName: input.shopName, link: input.link };
    return { to: input.to, ...renderMail(input.template, values, input.language), fromName: input.shopName };
  }
  const c = copy[input.language] ?? copy.en;
  const text = [
    c.greeting(input.name),
    "",
    c.intro(input.shopName),
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
${p(c.intro(input.shopName))}
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
