import { checkoutConsentWording } from "~shared/checkout-consent";
import { dateFormatter } from "~shared/date-formats";
import { formatMoney } from "~shared/money";
import type { OrderView } from "../checkout/checkout.schemas";
import type { ResolvedTemplate } from "../content/email-templates.service";
import { renderHtml, renderText } from "../content/mail-template";
import type { MailAttachment, MailMessage } from "../mail/mailer";
import type { StoreInfo } from "../settings/settings.service";

const TEXTS = {
  en: {
    subject: (number: number, shop: string) => `Your order ${number} at ${shop}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: "Thank you for your order. Your payment has been received and your courses are ready for you.",
    order: "Order number",
    invoice: "Invoice number",
    subtotal: "Subtotal",
    discount: "Discount",
    shipping: "Shipping",
    vat: (rate: string) => `Included VAT (${rate})`,
    total: "Total",
    paidNow: "Paid today",
    schedule: "Payment plan",
    instalment: (n: number, date: string) => `Instalment ${n}, due ${date}`,
    start: "Start learning",
    accountHint: "To find your courses, create an account with this email address.",
    courses: "Your courses",
    magicLink: "Start learning now: this link signs you in without a password",
    magicLinkHint:
      "The link works once and for 24 hours; after that, ask for a new one on the sign-in page. Once signed in, set a password under User Details to make it a normal account.",
    closing: "Happy learning!",
    consentTitle: "Terms and right of withdrawal",
  },
  nl: {
    subject: (number: number, shop: string) => `Je bestelling ${number} bij ${shop}`,
    greeting: (name: string) => `Hallo ${name},`,
    intro: "Bedankt voor je bestelling. We hebben je betaling ontvangen en je cursussen staan voor je klaar.",
    order: "Bestelnummer",
    invoice: "Factuurnummer",
    subtotal: "Subtotaal",
    discount: "Korting",
    shipping: "Verzending",
    vat: (rate: string) => `Inclusief btw (${rate})`,
    total: "Totaal",
    paidNow: "Vandaag betaald",
    schedule: "Betalingsregeling",
    instalment: (n: number, date: string) => `Termijn ${n}, te betalen op ${date}`,
    start: "Begin met leren",
    accountHint: "Maak een account aan met dit e-mailadres om je cursussen terug te vinden.",
    courses: "Je cursussen",
    magicLink: "Begin nu met leren: met deze link log je in zonder wachtwoord",
    magicLinkHint:
      "De link werkt één keer en 24 uur lang; vraag daarna een nieuwe aan op de inlogpagina. Stel na het inloggen bij Gebruikersgegevens een wachtwoord in om er een gewoon account van te maken.",
    closing: "Veel leerplezier!",
    consentTitle: "Voorwaarden en herroepingsrecht",
  },
} as const;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

export interface OrderConfirmationInput {
  order: OrderView;
  store: StoreInfo;
  /** Where the learner finds their courses (absolute URL when PUBLIC_URL is known). */
  coursesUrl: string;
  /** Each bought course's learning page. */
  courseLinks?: { title: string; url: string }[];
  /** For a buyer without a password (a guest): a single-use link that signs them in. */
  signInLink?: string | null;
  /** The invoice PDF, once it is rendered. */
  attachments?: MailAttachment[];
  /** The school's own wording (email templates): replaces the subject, greeting and introduction. */
  template?: ResolvedTemplate | null | undefined;
}

/** The order confirmation mail in the order's language: lines, VAT, total, invoice number. */
export function orderConfirmationMail(input: OrderConfirmationInput): MailMessage {
  const { order, store } = input;
  const language = order.language === "nl" ? "nl" : "en";
  const t = TEXTS[language];
  const shop = store.shopName || store.companyName;
  const money = (cents: number) => formatMoney(cents, order.currency, language);
  const rate = `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(order.vatRateBp / 100)}%`;
  const dates = { timeZone: store.timeZone || "Europe/Amsterdam", dateFormat: store.dateFormat };
  const date = (iso: string) => dateFormatter(language, dates).format(new Date(iso));

  const rows: [string, string][] = [
    ...order.lines.map((line): [string, string] => {
      const quantity = line.quantity ?? 1;
      return [
        quantity > 1 ? `${line.title} × ${quantity}` : line.title,
        money(line.unitPriceCents * quantity),
      ];
    }),
    [t.subtotal, money(order.subtotalCents)],
    ...(order.discountCents > 0
      ? [
          [
            `${t.discount}${order.couponCode ? ` (${order.couponCode})` : ""}`,
            `−${money(order.discountCents)}`,
          ] as [string, string],
        ]
      : []),
    ...(order.shipping && order.shipping.costCents > 0
      ? [
          [`${t.shipping} (${order.shipping.carrier ?? ""})`, money(order.shipping.costCents)] as [
            string,
            string,
          ],
        ]
      : []),
    [t.total, money(order.totalCents)],
    [t.vat(rate), money(order.vatCents)],
  ];
  const schedule =
    order.instalmentCount > 1
      ? [
          [t.paidNow, money(order.amountDueNowCents)] as [string, string],
          ...order.instalments
            .filter((instalment) => instalment.sequence > 1)
            .map((instalment): [string, string] => [
              t.instalment(instalment.sequence, date(instalment.dueAt)),
              money(instalment.amountCents),
            ]),
        ]
      : [];
  const header: [string, string][] = [
    [t.order, String(order.number)],
    ...(order.invoice ? [[t.invoice, order.invoice.number] as [string, string]] : []),
  ];
  const signInLink = input.signInLink ?? null;
  const courseLinks = input.courseLinks ?? [];
  const hint = order.customer.hasAccount || signInLink ? null : t.accountHint;
  // What the buyer agreed to at checkout (terms §7), word for word, with when and which version.
  const consentWording = checkoutConsentWording(language);
  const consent = order.consent
    ? [
        consentWording.recordedOn(
          dateFormatter(language, dates, { time: true }).format(new Date(order.consent.termsAcceptedAt)),
        ),
        ...(order.consent.immediateAccessAt ? [`“${consentWording.immediateAccess}”`] : []),
        consentWording.version(order.consent.version),
      ]
    : [];
  const values = {
    customerName: order.customer.name,
    orderNumber: String(order.number),
    invoiceNumber: order.invoice?.number ?? "",
    total: money(order.totalCents),
    shopName: shop,
    coursesUrl: input.coursesUrl,
  };
  const template = input.template;
  const introText = template
    ? renderText(template.body, values)
    : `${t.greeting(order.customer.name)}\n\n${t.intro}`;
  const introHtml = template
    ? renderHtml(template.body, values)
    : `<p>${escapeHtml(t.greeting(order.customer.name))}</p>\n<p>${escapeHtml(t.intro)}</p>`;

  const text = [
    introText,
    "",
    ...header.map(([label, value]) => `${label}: ${value}`),
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(schedule.length > 0 ? ["", `${t.schedule}:`, ...schedule.map(([l, v]) => `  ${l}: ${v}`)] : []),
    "",
    ...(courseLinks.length > 0
      ? [`${t.courses}:`, ...courseLinks.map((course) => `  ${course.title}: ${course.url}`), ""]
      : []),
    ...(signInLink ? [`${t.magicLink}:`, signInLink, t.magicLinkHint] : [`${t.start}: ${input.coursesUrl}`]),
    ...(hint ? [hint] : []),
    ...(consent.length > 0 ? ["", `${t.consentTitle}:`, ...consent] : []),
    "",
    t.closing,
    shop,
  ].join("\n");

  const tableRows = (items: [string, string][]) =>
    items
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d2624;line-height:1.5">
${introHtml}
<table>${tableRows(header)}</table>
<table style="margin-top:16px;border-collapse:collapse">${tableRows(rows)}</table>
${schedule.length > 0 ? `<p style="margin-top:16px"><strong>${escapeHtml(t.schedule)}</strong></p><table>${tableRows(schedule)}</table>` : ""}
${courseLinks.length > 0 ? `<p style="margin-top:16px"><strong>${escapeHtml(t.courses)}</strong></p><ul>${courseLinks.map((course) => `<li><a href="${escapeHtml(course.url)}">${escapeHtml(course.title)}</a></li>`).join("")}</ul>` : ""}
${
  signInLink
    ? `<p style="margin-top:16px">${escapeHtml(t.magicLink)}:</p><p><a href="${escapeHtml(signInLink)}" style="display:inline-block;background:#0f6b63;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(t.start)}</a></p><p style="font-size:13px;color:#52615f">${escapeHtml(signInLink)}<br>${escapeHtml(t.magicLinkHint)}</p>`
    : `<p style="margin-top:16px"><a href="${escapeHtml(input.coursesUrl)}">${escapeHtml(t.start)}</a></p>`
}
${hint ? `<p>${escapeHtml(hint)}</p>` : ""}
${consent.length > 0 ? `<p style="margin-top:16px;font-size:13px;color:#52615f"><strong>${escapeHtml(t.consentTitle)}</strong><br>${consent.map(escapeHtml).join("<br>")}</p>` : ""}
<p>${escapeHtml(t.closing)}<br>${escapeHtml(shop)}</p>
</body></html>`;

  return {
    to: order.customer.email,
    subject: template
      ? renderText(template.subject, values).replace(/\s+/g, " ").trim()
      : t.subject(order.number, shop),
    text,
    html,
    fromName: shop,
    replyTo: store.email || undefined,
    attachments: input.attachments ?? [],
  };
}
