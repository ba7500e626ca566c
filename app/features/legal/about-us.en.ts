import type { LegalDocument, Seller } from "./legal-document";

/** The default About Us page, until the school writes its own in Store customization. */
export function aboutUsEn(s: Seller): LegalDocument {
  const legalName = s.companyName && s.companyName !== s.shopName ? ` (${s.companyName})` : "";
  return {
    title: "About us",
    intro: `${s.shopName}${legalName} makes online courses that children and adults can follow at their own pace, at home or at school.`,
    sections: [
      {
        id: "how-it-works",
        heading: "How our courses work",
        blocks: [
          {
            list: [
              "Every course is a series of video lessons. Free preview lessons show what a course is like before you buy it.",
              "You buy a course once and keep access to it; the learner's progress is saved lesson by lesson.",
              "Some courses can be paid in monthly instalments, without interest or extra costs; the course page says when.",
              "You can buy as a guest or with an account. With an account, all your courses and invoices are in one place.",
            ],
          },
        ],
      },
      {
        id: "promise",
        heading: "What you can count on",
        blocks: [
          {
            list: [
              "Clear prices with VAT included, and an invoice for every order.",
              "Your 14-day right of withdrawal as our general terms and conditions describe.",
              "Careful handling of your personal data, as our privacy policy explains.",
            ],
          },
        ],
      },
      {
        id: "contact",
        heading: "Contact",
        blocks: [
          {
            paragraph: `Questions about a course or an order? ${s.email ? `Email us at ${s.email}` : "Contact us"}${s.address ? `, or write to us at ${s.address}` : ""}. The help page answers the most common questions.`,
          },
        ],
      },
    ],
  };
}
