import type { StoreInfo } from "~server/modules/settings/settings.service";
import { aboutUsEn } from "./about-us.en";
import { aboutUsNl } from "./about-us.nl";
import type { LegalDocument, Seller } from "./legal-document";
import { paymentPlanEn } from "./payment-plan.en";
import { paymentPlanNl } from "./payment-plan.nl";
import { privacyPolicyEn } from "./privacy-policy.en";
import { privacyPolicyNl } from "./privacy-policy.nl";
import { termsEn } from "./terms.en";
import { termsNl } from "./terms.nl";

const documents = {
  terms: { en: termsEn, nl: termsNl },
  paymentPlan: { en: paymentPlanEn, nl: paymentPlanNl },
  privacyPolicy: { en: privacyPolicyEn, nl: privacyPolicyNl },
  aboutUs: { en: aboutUsEn, nl: aboutUsNl },
} satisfies Record<string, Record<string, (seller: Seller) => LegalDocument>>;

export type LegalDocumentName = keyof typeof documents;

/** A legal text in `language` (English when there is no translation), about this school. */
export function legalDocument(
  name: LegalDocumentName,
  language: string,
  store: StoreInfo,
  fallbackName: string,
) {
  const byLanguage: Record<string, (seller: Seller) => LegalDocument> = documents[name];
  const write = byLanguage[language] ?? documents[name].en;
  return write({
    shopName: store.shopName || fallbackName,
    companyName: store.companyName,
    vatNumber: store.vatNumber,
    address: store.addressLines.join(", "),
    email: store.email,
  });
}
