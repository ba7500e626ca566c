/**
 * The mails the product sends that a school can word itself, with the placeholders each offers,
 * sample values for the preview, and the built-in text used while no template is saved.
 */
export const EMAIL_EVENTS = ["order-confirmation", "password-reset"] as const;
export type EmailEvent = (typeof EMAIL_EVENTS)[number];

export interface EmailEventDefinition {
  placeholders: readonly string[];
  /** Placeholders the body must contain (e.g. the reset link). */
  requiredInBody: readonly string[];
  sample: Record<string, string>;
  defaults: { subject: { en: string; nl: string }; body: { en: string; nl: string } };
}

export const EMAIL_EVENT_DEFINITIONS: Record<EmailEvent, EmailEventDefinition> = {
  "order-confirmation": {
    placeholders: ["customerName", "orderNumber", "invoiceNumber", "total", "shopName", "coursesUrl"],
    requiredInBody: [],
    sample: {
      customerName: "Sanne de Vries",
      orderNumber: "1042",
      invoiceNumber: "INV-000318",
      total: "€ 249,00",
      shopName: "Learn with Joy",
      coursesUrl: "https://school.example.com/user-courses",
    },
    defaults: {
      subject: {
        en: "Your order {{orderNumber}} at {{shopName}}",
        nl: "Je bestelling {{orderNumber}} bij {{shopName}}",
      },
      body: {
        en: "Hello {{customerName}},\n\nThank you for your order. Your payment has been received and your courses are ready for you.",
        nl: "Hallo {{customerName}},\n\nBedankt voor je bestelling. We hebben je betaling ontvangen en je cursussen staan voor je klaar.",
      },
    },
  },
  "password-reset": {
    placeholders: ["name", "shopName", "link"],
    requiredInBody: ["link"],
    sample: {
      name: "Sanne de Vries",
      shopName: "Learn with Joy",
      link: "https://school.example.com/user/reset-password/sample-token",
    },
    defaults: {
      subject: {
        en: "Reset your password for {{shopName}}",
        nl: "Stel een nieuw wachtwoord in voor {{shopName}}",
      },
      body: {
        en: "Hello {{name}},\n\nSomeone asked to reset the password of your {{shopName}} account.\nChoose a new password with this link:\n\n{{link}}\n\nThe link works once and expires after one hour.\nIf you did not ask for this, you can ignore this email: your password stays the same.\n\nKind regards,\n{{shopName}}",
        nl: "Hallo {{name}},\n\nEr is gevraagd om het wachtwoord van je {{shopName}}-account opnieuw in te stellen.\nKies een nieuw wachtwoord via deze link:\n\n{{link}}\n\nDe link werkt één keer en verloopt na één uur.\nHeb je hier niet om gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft hetzelfde.\n\nMet vriendelijke groet,\n{{shopName}}",
      },
    },
  },
};
