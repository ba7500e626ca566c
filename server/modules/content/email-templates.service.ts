import { and, eq } from "drizzle-orm";
import type { Translatable } from "~shared/translatable";
import type { Db } from "../../db/client";
import { badRequest } from "../../lib/errors";
import type { AuditService } from "../audit/audit.service";
import type { StaffActor } from "../settings/settings-admin.service";
import type { EmailPreview, EmailTemplate, EmailTemplateInput } from "./content.schemas";
import { emailTemplates } from "./content.tables";
import { EMAIL_EVENT_DEFINITIONS, EMAIL_EVENTS, type EmailEvent } from "./email-events";
import { mailDocument, renderHtml, renderText, unknownPlaceholders } from "./mail-template";

type Row = typeof emailTemplates.$inferSelect;

/** A template in one language, ready to render. */
export interface ResolvedTemplate {
  subject: string;
  body: string;
}

const toTemplate = (event: EmailEvent, row: Row | undefined): EmailTemplate => {
  const definition = EMAIL_EVENT_DEFINITIONS[event];
  return {
    event,
    subject: (row?.subject ?? definition.defaults.subject) as Record<string, string>,
    body: (row?.body ?? definition.defaults.body) as Record<string, string>,
    enabled: row?.enabled ?? true,
    placeholders: [...definition.placeholders],
    customized: Boolean(row),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
};

/** Renders `subject`/`body` with values: a subject line, plain text and a full HTML document. */
export function renderMail(template: ResolvedTemplate, values: Record<string, string>, language: string) {
  return {
    subject: renderText(template.subject, values).replace(/\s+/g, " ").trim(),
    text: renderText(template.body, values),
    html: mailDocument(language, renderHtml(template.body, values)),
  };
}

/** Per-event mail texts a school words itself, with safe {{placeholders}}. */
export function createEmailTemplatesService(db: Db, deps: { audit: AuditService }) {
  const find = async (companyId: string, event: EmailEvent) =>
    (
      await db
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.event, event)))
    )[0];

  return {
    async list(companyId: string): Promise<EmailTemplate[]> {
      const rows = await db.select().from(emailTemplates).where(eq(emailTemplates.companyId, companyId));
      return EMAIL_EVENTS.map((event) =>
        toTemplate(
          event,
          rows.find((row) => row.event === event),
        ),
      );
    },

    async get(companyId: string, event: EmailEvent): Promise<EmailTemplate> {
      return toTemplate(event, await find(companyId, event));
    },

    /**
     * The saved, enabled template of `event` in `language` (English when that language has no
     * text), or null: the mail then uses its built-in text.
     */
    async resolve(companyId: string, event: EmailEvent, language: string): Promise<ResolvedTemplate | null> {
      const row = await find(companyId, event);
      if (!row?.enabled) return null;
      const code = row.subject[language] && row.body[language] ? language : "en";
      const subject = row.subject[code];
      const body = row.body[code];
      return subject && body ? { subject, body } : null;
    },

    async save(companyId: string, event: EmailEvent, input: EmailTemplateInput, actor: StaffActor) {
      const definition = EMAIL_EVENT_DEFINITIONS[event];
      const fields: Record<string, string> = {};
      for (const [part, texts] of [
        ["subject", input.subject],
        ["body", input.body],
      ] as const) {
        for (const [code, text] of Object.entries(texts)) {
          const unknown = unknownPlaceholders(text ?? "", definition.placeholders);
          if (unknown.length > 0) {
            fields[`${part}.${code}`] =
              `Unknown placeholder: ${unknown.map((name) => `{{${name}}}`).join(", ")}. Use ${definition.placeholders.map((name) => `{{${name}}}`).join(", ")}.`;
          } else if (part === "body" && text) {
            const missing = definition.requiredInBody.filter((name) => !text.includes(`{{${name}}}`));
            if (missing.length > 0)
              fields[`${part}.${code}`] =
                `The text must contain ${missing.map((name) => `{{${name}}}`).join(", ")}.`;
          }
        }
      }
      for (const code of Object.keys(input.body)) {
        if (input.body[code] && !input.subject[code]) fields[`subject.${code}`] = "Please enter the subject";
      }
      if (Object.keys(fields).length > 0)
        throw badRequest("Please check the highlighted fields.", { fields });
      const subject = input.subject as Translatable;
      const body = input.body as Translatable;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(emailTemplates)
          .values({
            companyId,
            event,
            subject,
            body,
            enabled: input.enabled,
            placeholders: [...definition.placeholders],
          })
          .onConflictDoUpdate({
            target: [emailTemplates.companyId, emailTemplates.event],
            set: { subject, body, enabled: input.enabled, updatedAt: new Date() },
          })
          .returning({ id: emailTemplates.id });
        await deps.audit.record(tx, {
          companyId,
          staff: actor,
          action: "update",
          entity: "email-template",
          entityId: row!.id,
          summary: `${event}: ${subject.en}`,
          changes: { enabled: input.enabled },
        });
      });
      return toTemplate(event, await find(companyId, event));
    },

    /** Back to the built-in text. */
    async reset(companyId: string, event: EmailEvent, actor: StaffActor): Promise<EmailTemplate> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(emailTemplates)
          .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.event, event)))
          .returning({ id: emailTemplates.id });
        if (row) {
          await deps.audit.record(tx, {
            companyId,
            staff: actor,
            action: "delete",
            entity: "email-template",
            entityId: row.id,
            summary: `${event}: back to the built-in text`,
          });
        }
      });
      return toTemplate(event, undefined);
    },

    /** The mail as it would be sent, with the event's sample data. */
    preview(event: EmailEvent, input: { subject: string; body: string; language: string }): EmailPreview {
      const definition = EMAIL_EVENT_DEFINITIONS[event];
      const mail = renderMail(input, definition.sample, input.language);
      return {
        ...mail,
        unknownPlaceholders: unknownPlaceholders(`${input.subject}\n${input.body}`, definition.placeholders),
      };
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
