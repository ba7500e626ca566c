import type { Language } from "./language";

/**
 * The consents checkout asks for, per the general terms §7 (EU consumer law for digital content):
 * the general terms, and immediate access with the acknowledgement that the 14-day right of
 * withdrawal ends once delivery begins. The version is recorded on every order; change it
 * whenever the wording below (or the terms' §7) changes, so an order always says what was agreed.
 */
export const CHECKOUT_CONSENT_VERSION = "2026-11-26";

export interface CheckoutConsentWording {
  /** The checkbox label for immediate access, word for word as the buyer sees it. */
  immediateAccess: string;
  /** How invoices and confirmation mails record the consent. */
  recordedOn: (date: string) => string;
  version: (version: string) => string;
}

const wording: Record<Language, CheckoutConsentWording> = {
  en: {
    immediateAccess:
      "I want access to the course straight away. I understand that I lose my 14-day right of withdrawal as soon as the learner starts streaming a lesson that is not a free preview.",
    recordedOn: (date) => `At checkout on ${date} you accepted the general terms and gave this consent:`,
    version: (version) => `Wording version ${version}`,
  },
  nl: {
    immediateAccess:
      "Ik wil direct toegang tot de cursus. Ik begrijp dat ik mijn herroepingsrecht van 14 dagen verlies zodra de leerling een les begint te streamen die geen gratis voorproefje is.",
    recordedOn: (date) =>
      `Bij het afrekenen op ${date} heb je de algemene voorwaarden aanvaard en deze toestemming gegeven:`,
    version: (version) => `Versie van de tekst ${version}`,
  },
};

export function checkoutConsentWording(language: string): CheckoutConsentWording {
  return wording[language as Language] ?? wording.en;
}
