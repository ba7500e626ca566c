import { translatableFromForm } from "~/features/admin/translatable-form";
import {
  actorOf,
  formFlag,
  formText,
  invalid,
  runWrite,
} from "~/features/settings-content/admin-write.server";
import { requireStaffPage } from "~/lib/staff-guard.server";
import { EmailTemplateInput } from "~server/modules/content/content.schemas";
import { EMAIL_EVENTS, type EmailEvent } from "~server/modules/content/email-events";
import type { Route } from "./+types/email-templates";

const eventFrom = (value: string | null): EmailEvent =>
  (EMAIL_EVENTS as readonly string[]).includes(value ?? "") ? (value as EmailEvent) : EMAIL_EVENTS[0];

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "content", "read");
  const event = eventFrom(new URL(request.url).searchParams.get("event"));
  const templates = await context.services.emailTemplates.list(context.company.id);
  return { event, templates, template: templates.find((item) => item.event === event)! };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const event = eventFrom(formText(form, "event"));
  const { emailTemplates, editingLanguages } = context.services;
  const companyId = context.company.id;
  if (intent === "preview") {
    await requireStaffPage(context, request, "content", "read");
    const language = formText(form, "previewLanguage") || "en";
    const preview = emailTemplates.preview(event, {
      subject: formText(form, `subject.${language}`),
      body: String(form.get(`body.${language}`) ?? ""),
      language,
    });
    return { ok: true as const, intent, preview };
  }
  const principal = await requireStaffPage(context, request, "content", "write");
  const actor = actorOf(principal);
  if (intent === "reset") return runWrite(intent, () => emailTemplates.reset(companyId, event, actor));
  const languages = await editingLanguages.list(companyId);
  const parsed = EmailTemplateInput.safeParse({
    subject: translatableFromForm(form, "subject", languages),
    body: translatableFromForm(form, "body", languages),
    enabled: formFlag(form, "enabled"),
  });
  if (!parsed.success) return invalid(intent, parsed.error.issues);
  return runWrite(intent, () => emailTemplates.save(companyId, event, parsed.data, actor));
}
