import type { LegalDocument, Seller } from "./legal-document";

export function privacyPolicyEn(s: Seller): LegalDocument {
  const controller = s.companyName || s.shopName;
  const contact = s.email ? ` at ${s.email}` : "";
  return {
    title: "Privacy policy",
    intro: `This policy explains which personal data ${controller} collects when you browse ${s.shopName}, buy a course or learn with us, why, on which legal basis, who else handles it, how long we keep it and what your rights are under the General Data Protection Regulation (GDPR).`,
    sections: [
      {
        id: "controller",
        heading: "Who is responsible",
        blocks: [
          {
            paragraph: `${controller} is the controller of your personal data${s.address ? `, established at ${s.address}` : ""}${s.vatNumber ? ` (VAT number ${s.vatNumber})` : ""}. For any question about your data, or to use one of your rights, contact us${contact}.`,
          },
        ],
      },
      {
        id: "data",
        heading: "What we collect",
        blocks: [
          {
            list: [
              "Account and order details: your name, email address and, if you give them, your address and phone number; a password stored only as a secure hash.",
              "Orders and payments: the courses you bought, prices, coupons, invoices, the payment plan and its instalments, and the consents you gave at checkout. We never see or store your full card number: the payment provider handles it.",
              "Learning: your enrolments, lesson progress and the reviews you write.",
              "Technical data: the IP address and browser of a signed-in session, and the cookies described below.",
            ],
          },
        ],
      },
      {
        id: "purposes",
        heading: "Why we use it, and on which legal basis",
        blocks: [
          {
            list: [
              "To sell and deliver the courses, give the learner access, send order confirmations, invoices and payment reminders, and answer your questions: performance of the contract with you (Article 6(1)(b) GDPR).",
              "To keep our books and invoices as Dutch tax law requires: a legal obligation (Article 6(1)(c) GDPR).",
              "To keep the website and accounts secure, prevent fraud and misuse, and fix faults: our legitimate interest in a safe, working service (Article 6(1)(f) GDPR).",
              "To publish a review you write with your first name: your consent, which you may withdraw at any time by asking us to remove it (Article 6(1)(a) GDPR).",
            ],
          },
          {
            paragraph:
              "We do not sell your data, we do not use it for advertising profiles and we take no decisions about you by automated means alone.",
          },
        ],
      },
      {
        id: "children",
        heading: "Children",
        blocks: [
          {
            paragraph:
              "Many of our learners are children. Courses for a child under 16 are bought by a parent or guardian, who creates the account and agrees to these terms on the child's behalf. We collect only what is needed for the child to follow the course.",
          },
        ],
      },
      {
        id: "processors",
        heading: "Who else handles your data",
        blocks: [
          {
            paragraph:
              "We use a few service providers (processors) who handle personal data only on our instructions, under a processing agreement:",
          },
          {
            list: [
              "The payment provider (Stripe Payments Europe, Ltd., Dublin, Ireland, when card payments run through Stripe) processes your payments and payment method.",
              "The email delivery service sends order confirmations, invoices, reminders and sign-in links.",
              "The hosting and storage provider runs the website, the database and the course media.",
            ],
          },
          {
            paragraph:
              "Where a provider processes data outside the European Economic Area, we rely on an adequacy decision of the European Commission or on the EU standard contractual clauses. We share data with authorities only when the law obliges us to.",
          },
        ],
      },
      {
        id: "retention",
        heading: "How long we keep it",
        blocks: [
          {
            list: [
              "Your account, progress and reviews: as long as your account exists. When you delete your account, they are deleted.",
              "Orders and invoices: seven years after the end of the financial year, because Dutch tax law requires it (Article 52 of the General Tax Act). After you delete your account, we keep them without your name and email address where the law allows.",
              "Guest checkouts: the order details as above.",
              "Sign-in sessions (signed-in customers and guests): they end after 30 days at most.",
            ],
          },
        ],
      },
      {
        id: "cookies",
        heading: "Cookies",
        blocks: [
          {
            paragraph:
              "We use only cookies the website needs to work: a session cookie to keep you signed in, a guest cookie after a guest checkout, and cookies that remember your language and currency. The cart is kept in your own browser. We use no tracking or advertising cookies, so we do not ask for consent for them.",
          },
        ],
      },
      {
        id: "rights",
        heading: "Your rights",
        blocks: [
          {
            list: [
              "Access: ask which data we hold about you and receive a copy.",
              "Rectification: have incorrect data corrected; most details you can change yourself under My account.",
              "Erasure: have your data deleted, apart from what the law obliges us to keep.",
              "Restriction and objection: ask us to stop or limit a use of your data, including a use based on our legitimate interest.",
              "Data portability: receive your data in a machine-readable format (JSON).",
              "Withdrawal of consent: withdraw a consent you gave, without affecting what happened before.",
            ],
          },
          {
            paragraph: `With an account you can download your data (JSON) and delete your account yourself, under User Details in your account. To use any other right, contact us${contact}. We answer within one month and may ask you to confirm who you are first.`,
          },
        ],
      },
      {
        id: "security",
        heading: "Security",
        blocks: [
          {
            paragraph:
              "We protect your data with encrypted connections (HTTPS), hashed passwords, access only for staff who need it, and regular backups. If a data breach occurs that is likely to put you at risk, we inform you and the supervisory authority as the law requires.",
          },
        ],
      },
      {
        id: "complaints",
        heading: "Complaints",
        blocks: [
          {
            paragraph: `We would like to hear it first if you are unhappy with how we handle your data${contact}. You also have the right to lodge a complaint with the Dutch supervisory authority, the Autoriteit Persoonsgegevens (www.autoriteitpersoonsgegevens.nl, PO Box 93374, 2509 AJ The Hague, the Netherlands), or with the supervisory authority of the EU country where you live.`,
          },
        ],
      },
      {
        id: "changes",
        heading: "Changes to this policy",
        blocks: [
          {
            paragraph:
              "We may update this policy when our services or the law change. The current version is always on this page; we tell you by email about changes that matter to you.",
          },
        ],
      },
    ],
  };
}
