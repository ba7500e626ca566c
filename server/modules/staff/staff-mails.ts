import type { Language } from "~shared/language";
import { linkMail } from "../mail/link-mail";
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

/** The invitation to create a staff account: plain text and simple HTML. */
export function invitationMail(input: InvitationMailInput): MailMessage {
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
      intro: c.intro(input.invitedBy, input.shopName, input.role),
      signature: c.signature(input.shopName),
    },
  });
}
