import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companyId, id, timestamps, translatable } from "../../db/columns";

/** Questions and answers shown on the storefront's FAQ, per language. */
export const faqs = pgTable(
  "faqs",
  {
    id: id(),
    companyId: companyId(),
    question: translatable("question"),
    answer: translatable("answer"),
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("faqs_company_position_idx").on(t.companyId, t.position)],
);

/** Editable storefront pages (About Us, Privacy Policy, Terms…): translatable title and sanitised HTML body. */
export const pages = pgTable(
  "pages",
  {
    id: id(),
    companyId: companyId(),
    slug: text("slug").notNull(),
    title: translatable("title"),
    body: translatable("body"),
    published: boolean("published").notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("pages_company_slug_key").on(t.companyId, t.slug)],
);

/** Mail text per event (order confirmation, password reset…): subject and body per language, with {{placeholders}}. */
export const emailTemplates = pgTable(
  "email_templates",
  {
    id: id(),
    companyId: companyId(),
    event: text("event").notNull(),
    subject: translatable("subject"),
    body: translatable("body"),
    enabled: boolean("enabled").notNull().default(true),
    /** Placeholder names this event offers, for the editor's help and preview. */
    placeholders: jsonb("placeholders").$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex("email_templates_company_event_key").on(t.companyId, t.event)],
);
