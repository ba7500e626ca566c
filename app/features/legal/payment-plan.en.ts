import type { LegalDocument, Seller } from "./legal-document";

export function paymentPlanEn(s: Seller): LegalDocument {
  const seller = s.companyName || s.shopName;
  return {
    title: "Payment plan agreement",
    intro: `Some courses can be paid in monthly instalments instead of all at once. This agreement between you and ${seller} applies when you choose a payment plan at checkout, in addition to our general terms and conditions.`,
    sections: [
      {
        id: "what-it-is",
        heading: "What a payment plan is",
        blocks: [
          {
            paragraph:
              "A payment plan spreads the price of a course over a number of monthly instalments. You pay the same total as when you pay at once: we charge no interest, no fees and no surcharge for paying in instalments, so a payment plan is not a loan.",
          },
          {
            paragraph:
              "A course page shows whether the course offers a payment plan and in how many instalments. You choose it at checkout, and you accept this agreement by ticking the box for it before you pay.",
          },
        ],
      },
      {
        id: "amounts",
        heading: "Instalment amounts",
        blocks: [
          {
            paragraph:
              "The order total (after any coupon discount, VAT included) is divided into equal instalments, rounded to the cent; any cent left over from rounding is added to the first instalment. Example: €149.00 in three instalments is €49.68, then €49.66 and €49.66.",
          },
          {
            paragraph:
              "Checkout shows every amount and due date before you pay. The schedule is printed on your invoice and can be seen at any time under My invoices.",
          },
        ],
      },
      {
        id: "schedule",
        heading: "Monthly schedule",
        blocks: [
          {
            list: [
              "The first instalment is paid at checkout. Your order, your invoice and the learner's access to the course start when it has been paid.",
              "Each following instalment is due one month after the previous one, on the same day of the month as your order (or the last day of a shorter month).",
              "Later instalments are charged to the payment method you used at checkout, which you authorise for this when you accept this agreement. Keep it valid, or give us a new one in time.",
              "A few days (three) before each instalment is charged, we send you a reminder by email with the amount and the date.",
            ],
          },
        ],
      },
      {
        id: "failed-instalment",
        heading: "When an instalment fails",
        blocks: [
          {
            paragraph:
              "If an instalment cannot be collected, we tell you by email and try again 1, 3 and 7 days after its due date. Each email has a link to a page in your account where you can pay the instalment yourself at any time.",
          },
          {
            list: [
              "If the last try, 7 days after the due date, fails too, the learner's access to the courses of that order (apart from free previews) is paused until the instalment is paid, and we tell you so by email. Progress is kept; nothing is deleted.",
              "As soon as the open amount is paid, access is restored.",
              "If an instalment remains unpaid 30 days after its due date, we may end the payment plan after a final reminder, close access to the course and ask for the instalments that were due. We never charge late fees or interest beyond what Dutch law allows, and only after the statutory reminder.",
            ],
          },
        ],
      },
      {
        id: "early-payoff",
        heading: "Paying off early",
        blocks: [
          {
            paragraph: `You may pay the remaining balance at any time, in one go and without any extra cost. Ask us${s.email ? ` at ${s.email}` : ""} and we send you a payment link for the rest; the remaining instalments are then cancelled.`,
          },
        ],
      },
      {
        id: "cancellation",
        heading: "Withdrawal and cancellation",
        blocks: [
          {
            paragraph:
              "Your 14-day right of withdrawal under the general terms and conditions applies to courses bought with a payment plan too. If you withdraw in time, we refund the instalments you paid and cancel the rest.",
          },
          {
            paragraph:
              "Once the right of withdrawal has ended (because the learner started streaming lessons after you consented to immediate access, or because 14 days have passed), the course has been delivered and the remaining instalments stay due; stopping to use the course does not end them.",
          },
          {
            paragraph:
              "If we withdraw the course within twelve months of your purchase, we cancel the instalments that are not yet due and refund what you paid for the remaining months, as the general terms and conditions describe.",
          },
        ],
      },
      {
        id: "governing-law",
        heading: "Governing law",
        blocks: [
          {
            paragraph:
              "This agreement is governed by the law of the Netherlands, like our general terms and conditions; as a consumer you keep the protection of the mandatory rules of the country where you live.",
          },
        ],
      },
    ],
  };
}
