import { z } from "zod";
import { AdminListQuery, listPageSchema } from "../../lib/list-query";
import { EMAIL_EVENTS } from "./email-events";

/** Text per language code; English required (at least `min` characters) unless `min` is 0. */
export const translatableInput = (label: string, max: number, min = 1) =>
  z
    .record(
      z.string().regex(/^[a-z]{2}$/, "Language codes are two lowercase letters"),
      z
        .string({ message: `Please enter the ${label}` })
        .trim()
        .max(max, `The ${label} must have at most ${max} characters`),
    )
    .superRefine((value, context) => {
      if ((value.en ?? "").length < min)
        context.addIssue({ code: "custom", path: ["en"], message: `Please enter the ${label}` });
    })
    .transform((value): Record<string, string> & { en: string } => ({ ...value, en: value.en ?? "" }));

const TranslatableOut = z.record(z.string(), z.string()).describe("Text per language code");

export const IdParams = z.strictObject({ id: z.uuid({ message: "The id must be a UUID" }) });

// Pages ------------------------------------------------------------------------------------------

export const PAGE_SLUGS = ["about-us", "privacy-policy", "terms"] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];
export const PageParams = z.strictObject({
  slug: z.enum(PAGE_SLUGS, { message: `The page must be one of ${PAGE_SLUGS.join(", ")}` }),
});

export const PageInput = z.strictObject({
  title: translatableInput("title", 160),
  body: translatableInput("page text", 100_000, 0),
  published: z.boolean().default(true),
});
export type PageInput = z.output<typeof PageInput>;

export const Page = z
  .object({
    slug: z.enum(PAGE_SLUGS),
    title: TranslatableOut,
    body: TranslatableOut.describe("Sanitised HTML per language"),
    published: z.boolean(),
    saved: z
      .boolean()
      .describe("False while the page has never been saved (the storefront shows its built-in text)"),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "Page" });
export type Page = z.output<typeof Page>;
export const PageList = z.object({ items: z.array(Page) });

// FAQs -------------------------------------------------------------------------------------------

export const FaqInput = z.strictObject({
  question: translatableInput("question", 300),
  answer: translatableInput("answer", 5000),
  published: z.boolean().default(true),
});
export type FaqInput = z.output<typeof FaqInput>;

export const Faq = z
  .object({
    id: z.string(),
    question: TranslatableOut,
    answer: TranslatableOut,
    position: z.number().int(),
    published: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: "Faq" });
export type Faq = z.output<typeof Faq>;

export const FAQ_SORTS = ["position", "question", "updatedAt"] as const;
export const AdminListFaqsQuery = AdminListQuery.extend({
  sort: z.enum(FAQ_SORTS, { message: `sort must be one of ${FAQ_SORTS.join(", ")}` }).optional(),
  published: z.enum(["true", "false"], { message: "published must be true or false" }).optional(),
});
export type AdminListFaqsQuery = z.output<typeof AdminListFaqsQuery>;
export const FaqList = listPageSchema(Faq);

export const FaqMove = z.strictObject({
  direction: z.enum(["up", "down"], { message: "direction must be up or down" }),
});

// Email templates --------------------------------------------------------------------------------

export const EmailEventParams = z.strictObject({
  event: z.enum(EMAIL_EVENTS, { message: `The event must be one of ${EMAIL_EVENTS.join(", ")}` }),
});

export const EmailTemplateInput = z.strictObject({
  subject: translatableInput("subject", 200),
  body: translatableInput("body", 20_000),
  enabled: z.boolean().default(true),
});
export type EmailTemplateInput = z.output<typeof EmailTemplateInput>;

export const EmailTemplate = z
  .object({
    event: z.enum(EMAIL_EVENTS),
    subject: TranslatableOut,
    body: TranslatableOut,
    enabled: z.boolean(),
    placeholders: z.array(z.string()),
    customized: z.boolean().describe("False while the built-in text is used"),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "EmailTemplate" });
export type EmailTemplate = z.output<typeof EmailTemplate>;
export const EmailTemplateList = z.object({ items: z.array(EmailTemplate) });

export const EmailPreviewInput = z.strictObject({
  subject: z.string().max(200, "The subject must have at most 200 characters"),
  body: z.string().max(20_000, "The body must have at most 20000 characters"),
  language: z
    .string()
    .max(2, "language must be a two-letter code")
    .regex(/^[a-z]{2}$/, "language must be a two-letter code")
    .default("en"),
});
export const EmailPreview = z
  .object({
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    unknownPlaceholders: z.array(z.string()),
  })
  .meta({ id: "EmailPreview" });
export type EmailPreview = z.output<typeof EmailPreview>;
