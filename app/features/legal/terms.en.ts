import type { LegalDocument, Seller } from "./legal-document";

export function termsEn(s: Seller): LegalDocument {
  const seller = s.companyName || s.shopName;
  return {
    title: "General terms and conditions",
    intro: `These terms apply when you buy or use an online course from ${s.shopName}. Please read them before you place an order: by ordering, you agree to them.`,
    sections: [
      {
        id: "who-we-are",
        heading: "Who we are",
        blocks: [
          {
            paragraph: `The courses on this website are sold by ${seller}${s.address ? `, ${s.address}` : ""}${s.vatNumber ? ` (VAT number ${s.vatNumber})` : ""}. The school is the seller and your contracting party for every course you buy here, and the one you contact with questions${s.email ? ` at ${s.email}` : ""}.`,
          },
          {
            paragraph:
              "We make online courses for Christian schools, micro schools and homeschooling families: recorded video lessons with a description of what the learner will learn, for learners of the ages stated on each course.",
          },
        ],
      },
      {
        id: "definitions",
        heading: "Words we use",
        blocks: [
          {
            list: [
              "“You”: the person or school that orders a course. If you order as a consumer, you act outside your trade or profession.",
              "“Learner”: the person who follows the course through your account.",
              "“Course”: a set of online video lessons with its description, as shown on its course page.",
              "“Free preview”: lessons marked as such, which anyone may watch without buying the course.",
            ],
          },
        ],
      },
      {
        id: "account",
        heading: "Your account",
        blocks: [
          {
            paragraph:
              "To follow a course you need an account, or you check out as a guest with your email address. Keep your password to yourself; you are responsible for what happens in your account. Give us correct details and keep them up to date, so that invoices and messages reach you.",
          },
          {
            paragraph:
              "A parent or teacher may hold the account for a learner under 16 and is then responsible for the learner's use of it.",
          },
        ],
      },
      {
        id: "prices",
        heading: "Prices and VAT",
        blocks: [
          {
            paragraph:
              "Prices are in euros and include Dutch VAT (21 % unless a course page says otherwise). The price that applies is the one shown at checkout when you place the order. A reduced sale price or a coupon applies only within its stated period and conditions. Obvious mistakes in a price do not bind us; we will tell you and you may then cancel free of charge.",
          },
        ],
      },
      {
        id: "ordering",
        heading: "Ordering and payment",
        blocks: [
          {
            paragraph:
              "You order by adding courses to your cart and completing checkout. The contract is formed when your payment (or, with a payment plan, the first instalment) is confirmed. You then receive an order confirmation by email, with the invoice, and the course appears under My courses.",
          },
          {
            paragraph:
              "You pay online at checkout with one of the payment methods offered. Some courses can be paid in monthly instalments, charged automatically to the payment method of the first payment; if an instalment cannot be collected after the retries the payment plan agreement describes, access to that course is paused until it is paid. The payment plan agreement applies and is part of these terms.",
          },
          {
            paragraph:
              "A course with a limited number of seats is sold while seats are left. If the last seat is taken while you are paying, we do not take your money or we refund it in full.",
          },
        ],
      },
      {
        id: "access",
        heading: "Access to your course",
        blocks: [
          {
            paragraph:
              "After payment you get a personal, non-transferable right to watch the course's lessons online through your account, for as long as we offer the course and at least twelve months from your purchase.",
          },
          {
            list: [
              "A course bought by a family may be followed by the learners in that household.",
              "A course bought by a school may be shown to the learners of the class or group it was bought for.",
              "You may not share your login with others, copy, download, record or publish the lessons, or sell access to them.",
            ],
          },
        ],
      },
      {
        id: "withdrawal",
        heading: "Your right of withdrawal (14 days)",
        blocks: [
          {
            paragraph:
              "If you are a consumer in the European Union, you may withdraw from your purchase within 14 days of the day the contract was formed, without giving a reason.",
          },
          {
            paragraph:
              "A course is digital content that is not supplied on a physical medium. At checkout we therefore ask whether you want access straight away. When you give that express consent and acknowledge that you lose your right of withdrawal once delivery has begun, your right of withdrawal ends as soon as the learner starts streaming a lesson of the course that is not a free preview. Watching free preview lessons does not end it.",
          },
          {
            paragraph: `To withdraw, send us a clear statement${s.email ? ` by email to ${s.email}` : ""}, mentioning your order number; you may use the model withdrawal form below, but you do not have to. We refund everything you paid for the course, including instalments already paid, within 14 days of receiving your withdrawal, using the payment method you used, and close the learner's access to the course.`,
          },
          {
            paragraph:
              "Model withdrawal form: “I hereby give notice that I withdraw from my contract for the following course: [course], ordered on [date], order number [number]. Name: [name]. Email: [email]. Date: [date].”",
          },
        ],
      },
      {
        id: "use",
        heading: "Fair use",
        blocks: [
          {
            paragraph:
              "Use the courses for learning. Do not try to get around the protection of the lessons, overload the website or use it for anything unlawful. If you seriously breach these terms we may suspend the account after warning you, unless the breach makes a warning unreasonable.",
          },
        ],
      },
      {
        id: "intellectual-property",
        heading: "Intellectual property",
        blocks: [
          {
            paragraph:
              "The lessons, videos, texts and materials are protected by copyright and belong to the school or its teachers. Buying a course gives you the right to use it as described above, not ownership of it.",
          },
        ],
      },
      {
        id: "changes-to-courses",
        heading: "Availability and changes",
        blocks: [
          {
            paragraph:
              "We keep the website available as well as we reasonably can, but short interruptions for maintenance can happen. We may improve a course, for example by re-recording a lesson. If we withdraw a course within twelve months of your purchase, we refund the part of the price for the remaining months or offer a comparable course, as you choose.",
          },
        ],
      },
      {
        id: "liability",
        heading: "Liability",
        blocks: [
          {
            paragraph:
              "If a course does not conform to the contract, you have the rights the law gives you: we first repair the problem, and if we cannot, you may ask for a price reduction or end the contract. Our liability is otherwise limited to the amount you paid for the course concerned. This limit does not apply to damage caused by our intent or gross negligence, or where the law does not allow it.",
          },
        ],
      },
      {
        id: "privacy",
        heading: "Privacy",
        blocks: [
          {
            paragraph:
              "We use your personal data only to provide the courses, handle payments and invoices, and keep in touch about your orders, in line with the General Data Protection Regulation (GDPR). We keep invoices for seven years because Dutch tax law requires it.",
          },
        ],
      },
      {
        id: "complaints",
        heading: "Questions and complaints",
        blocks: [
          {
            paragraph: `Something not right? Tell us${s.email ? ` at ${s.email}` : ""}, with your order number. We confirm receipt within five working days and give a full answer within 14 days. If we cannot solve it together, you may take the dispute to the competent court.`,
          },
        ],
      },
      {
        id: "governing-law",
        heading: "Governing law",
        blocks: [
          {
            paragraph:
              "These terms and every contract under them are governed by the law of the Netherlands. Disputes are brought before the competent court in the Netherlands. If you are a consumer living in another EU country, you keep the protection of the mandatory rules of the law of your country, and you may also go to the court where you live.",
          },
        ],
      },
      {
        id: "changes",
        heading: "Changes to these terms",
        blocks: [
          {
            paragraph:
              "We may change these terms for new orders. The terms that applied when you placed an order keep applying to that order. We announce important changes on this page before they take effect.",
          },
        ],
      },
    ],
  };
}
