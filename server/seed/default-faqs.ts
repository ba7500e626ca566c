import type { Tx } from "../db/client";
import { faqs } from "../modules/content/content.tables";

/**
 * The questions a new school's /help page starts with (English and Dutch). Staff edit, reorder,
 * unpublish or delete them under FAQ like any other question.
 */
export const DEFAULT_FAQS: { question: { en: string; nl: string }; answer: { en: string; nl: string } }[] = [
  {
    question: {
      en: "How do I start a course after paying?",
      nl: "Hoe begin ik aan een cursus na het betalen?",
    },
    answer: {
      en: "Right after payment the thank-you page links to your courses, and the order confirmation mail does too. With an account you find every course in your account under Course. Bought as a guest? Create an account with the same email address and your courses are there.",
      nl: "Direct na het betalen linkt de bedankpagina naar je cursussen, en de orderbevestiging per e-mail ook. Met een account vind je elke cursus in je account onder Cursussen. Als gast gekocht? Maak een account aan met hetzelfde e-mailadres en je cursussen staan klaar.",
    },
  },
  {
    question: { en: "Can I pay in instalments?", nl: "Kan ik in termijnen betalen?" },
    answer: {
      en: "Some courses can be paid in monthly instalments, without interest or extra costs. The course page says when a course offers it, and you choose it at checkout. The payment plan agreement explains how it works.",
      nl: "Sommige cursussen kun je in maandelijkse termijnen betalen, zonder rente of extra kosten. Op de cursuspagina staat of een cursus dat biedt, en je kiest ervoor bij het afrekenen. De overeenkomst betalingsregeling legt uit hoe het werkt.",
    },
  },
  {
    question: { en: "Can I withdraw from my purchase?", nl: "Kan ik mijn aankoop herroepen?" },
    answer: {
      en: "Yes, within 14 days, as our general terms and conditions describe. At checkout you ask for access straight away; your right of withdrawal then ends as soon as the learner starts streaming a lesson that is not a free preview. To withdraw, email us with your order number.",
      nl: "Ja, binnen 14 dagen, zoals onze algemene voorwaarden beschrijven. Bij het afrekenen vraag je om directe toegang; je herroepingsrecht vervalt dan zodra de leerling een les begint te streamen die geen gratis voorproefje is. Om te herroepen mail je ons met je bestelnummer.",
    },
  },
  {
    question: { en: "Where do I find my invoice?", nl: "Waar vind ik mijn factuur?" },
    answer: {
      en: "The invoice is attached to the order confirmation mail as a PDF. With an account you can also see and download every invoice in your account under Invoices.",
      nl: "De factuur zit als pdf bij de orderbevestiging per e-mail. Met een account zie en download je elke factuur ook in je account onder Facturen.",
    },
  },
  {
    question: { en: "I forgot my password. What now?", nl: "Ik ben mijn wachtwoord vergeten. Wat nu?" },
    answer: {
      en: "Choose “Forgot your password?” on the sign-in page and enter your email address. We send you a link to choose a new password.",
      nl: "Kies ‘Wachtwoord vergeten?’ op de inlogpagina en vul je e-mailadres in. We sturen je een link om een nieuw wachtwoord te kiezen.",
    },
  },
  {
    question: { en: "How do you handle my personal data?", nl: "Hoe gaan jullie om met mijn gegevens?" },
    answer: {
      en: "We use your details only to provide the courses, handle payments and invoices and keep in touch about your orders. Our privacy policy explains what we keep, for how long, and how to get a copy of your data or have it deleted.",
      nl: "We gebruiken je gegevens alleen om de cursussen te leveren, betalingen en facturen af te handelen en contact te houden over je bestellingen. Onze privacyverklaring legt uit wat we bewaren, hoe lang, en hoe je een kopie van je gegevens krijgt of ze laat verwijderen.",
    },
  },
];

/** A new school's FAQ: the default questions, published, in this order. */
export async function insertDefaultFaqs(tx: Tx, companyId: string): Promise<void> {
  await tx
    .insert(faqs)
    .values(DEFAULT_FAQS.map((faq, index) => ({ companyId, ...faq, position: index + 1, published: true })));
}
