import type { Language } from "~shared/language";
import { type ResolvedTemplate, renderMail } from "../content/email-templates.service";
import { linkMail } from "../mail/link-mail";
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

/** The password reset mail, plain text and simple HTML, in the language the customer asked in. */
export function passwordResetMail(input: ResetMailInput): MailMessage {
  if (input.template) {
    const values = { name: input.name, shopName: input.shopName, link: input.link };
    return { to: input.to, ...renderMail(input.template, values, input.language), fromName: input.shopName };
  }
  const c = copy[input.language] ?? copy.en;
  return linkMail({
    to: input.to,
    link: input.link,
    language: input.language,
    fromName: input.shopName,
    copy: {
      ...c,
      subject: c.subject(input.shopName),
      greeting: c.greeting(input.name),
      intro: c.intro(input.shopName),
      signature: c.signature(input.shopName),
    },
  });
}
