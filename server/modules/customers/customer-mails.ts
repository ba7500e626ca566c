import type { Language } from "~shared/language";
import { type ResolvedTemplate, renderMail } from "../content/email-templates.service";
import { type LinkMailCopy, linkMail } from "../mail/link-mail";
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
  return shopLinkMail(copy[input.language] ?? copy.en, input);
}

/** Wording whose subject, greeting, intro and signature name the shop or the reader. */
interface ShopMailCopy extends Omit<LinkMailCopy, "subject" | "greeting" | "intro" | "signature"> {
  subject(shop: string): string;
  greeting(name: string): string;
  intro(shop: string): string;
  signature(shop: string): string;
}

/** A one-link mail in the shop's name, to the reader by name. */
function shopLinkMail(c: ShopMailCopy, input: Omit<ResetMailInput, "template">): MailMessage {
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

const claimCopy = {
  en: {
    subject: (shop: string) => `Add your earlier purchases to your ${shop} account`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (shop: string) =>
      `You created a ${shop} account with this email address, which was used before to buy as a guest (or given to us for you). Those orders, invoices and courses stay apart from the account until you confirm that this address is yours.`,
    action: "Add them to your account with this link:",
    button: "Add them to my account",
    expiry: "The link works once and expires after seven days; signing in after that sends a new one.",
    ignore:
      "If you did not create this account, do not open the link: nothing of the earlier purchases is shown to it.",
    signature: (shop: string) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (shop: string) => `Voeg je eerdere aankopen toe aan je ${shop}-account`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: (shop: string) =>
      `Je hebt een ${shop}-account gemaakt met dit e-mailadres, waarmee eerder als gast is gekocht (of dat voor jou aan ons is doorgegeven). Die bestellingen, facturen en cursussen blijven los van het account tot je bevestigt dat dit adres van jou is.`,
    action: "Voeg ze toe aan je account via deze link:",
    button: "Toevoegen aan mijn account",
    expiry: "De link werkt één keer en verloopt na zeven dagen; log daarna in om een nieuwe te krijgen.",
    ignore:
      "Heb je dit account niet gemaakt? Open de link dan niet: het account ziet niets van de eerdere aankopen.",
    signature: (shop: string) => `Met vriendelijke groet,\n${shop}`,
  },
} satisfies Record<Language, unknown>;

/** The mail that lets an account take over a guest's (or an import's) record with the same address. */
export function claimMail(input: Omit<ResetMailInput, "template">): MailMessage {
  return shopLinkMail(claimCopy[input.language] ?? claimCopy.en, input);
}

const signInLinkCopy = {
  en: {
    subject: (shop: string) => `Your sign-in link for ${shop}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (shop: string) => `Someone asked for a link to sign in to ${shop} without a password.`,
    action: "Sign in with this link:",
    button: "Sign in",
    expiry: "The link works once and expires after one hour.",
    ignore: "If you did not ask for this, you can ignore this email: nobody is signed in without the link.",
    signature: (shop: string) => `Kind regards,\n${shop}`,
  },
  nl: {
    subject: (shop: string) => `Je inloglink voor ${shop}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: (shop: string) => `Er is gevraagd om een link om zonder wachtwoord in te loggen bij ${shop}.`,
    action: "Log in via deze link:",
    button: "Inloggen",
    expiry: "De link werkt één keer en verloopt na één uur.",
    ignore: "Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren: zonder de link logt niemand in.",
    signature: (shop: string) => `Met vriendelijke groet,\n${shop}`,
  },
} satisfies Record<Language, unknown>;

/** The magic sign-in link asked for on the sign-in page. */
export function signInLinkMail(input: Omit<ResetMailInput, "template">): MailMessage {
  return shopLinkMail(signInLinkCopy[input.language] ?? signInLinkCopy.en, input);
}
