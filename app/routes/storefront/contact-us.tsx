import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { FormAlert } from "~/features/accounts/auth-card";
import { FieldError, FieldStack, inputClasses, TextField } from "~/features/accounts/text-field";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import { storefrontPageMeta } from "~/lib/storefront-page-meta";
import type { Route } from "./+types/contact-us";
import type { ContactActionData } from "./contact-us.server";

export { action, loader } from "./contact-us.server";

/** The hidden field robots fill in (server/modules/contact/contact.schemas.ts). */
const HONEYPOT_FIELD = "homepage";

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontPageMeta(
    matches[0]?.data,
    { title: "contactPage.title", description: "contactPage.description" },
    paths.contactUs(),
  );

/** A map of the address (OpenStreetMap: no account, no tracking script on our page). */
const mapLink = (lines: string[]) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(lines.join(", "))}`;

/** /contact-us: the school's address with a map link, its contact details and hours, and a form. */
export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { shopName, addressLines, phones, email, workingHours } = loaderData;
  const result = actionData as ContactActionData | undefined;
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const busy = useNavigation().state === "submitting";
  const messageId = useId();
  const honeypotId = useId();
  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <Breadcrumb
        label={t("legal.breadcrumb")}
        items={[{ label: t("legal.home"), to: paths.home() }, { label: t("contactPage.title") }]}
      />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {t("contactPage.title")}
      </h1>
      <p className="mt-3 max-w-2xl text-ink-muted">{t("contactPage.intro", { shopName })}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="contact-details" className="grid content-start gap-6">
          <h2 id="contact-details" className="sr-only">
            {t("contactPage.details")}
          </h2>
          {addressLines.length > 0 && (
            <div className="rounded-xl border border-line bg-surface p-5 shadow-card">
              <h3 className="flex items-center gap-2 font-semibold text-ink">
                <MapPin aria-hidden="true" className="size-5 text-primary-ink" />
                {t("contactPage.address")}
              </h3>
              <address className="mt-2 text-ink-muted not-italic">
                {addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <a
                href={mapLink(addressLines)}
                className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary-ink underline underline-offset-4"
                target="_blank"
                rel="noopener noreferrer"
              >
                {t("contactPage.map")}
                <span className="sr-only"> {t("contactPage.newWindow")}</span>
              </a>
            </div>
          )}
          {(phones.length > 0 || email) && (
            <div className="rounded-xl border border-line bg-surface p-5 shadow-card">
              <h3 className="font-semibold text-ink">{t("contactPage.reachUs")}</h3>
              <ul className="mt-2 grid">
                {phones.map((phone) => (
                  <li key={phone}>
                    <a
                      href={`tel:${phone.replace(/\s+/g, "")}`}
                      className="inline-flex min-h-11 items-center gap-2 text-ink underline-offset-4 hover:underline"
                    >
                      <Phone aria-hidden="true" className="size-4 shrink-0 text-primary-ink" />
                      {phone}
                    </a>
                  </li>
                ))}
                {email && (
                  <li>
                    <a
                      href={`mailto:${email}`}
                      className="inline-flex min-h-11 items-center gap-2 break-all text-ink underline-offset-4 hover:underline"
                    >
                      <Mail aria-hidden="true" className="size-4 shrink-0 text-primary-ink" />
                      {email}
                    </a>
                  </li>
                )}
              </ul>
            </div>
          )}
          {workingHours && (
            <div className="rounded-xl border border-line bg-surface p-5 shadow-card">
              <h3 className="flex items-center gap-2 font-semibold text-ink">
                <Clock aria-hidden="true" className="size-5 text-primary-ink" />
                {t("footer.workingHours")}
              </h3>
              <p className="mt-2 whitespace-pre-line text-ink-muted">{workingHours}</p>
            </div>
          )}
        </section>

        <section
          aria-labelledby="contact-form"
          className="rounded-xl border border-line bg-surface p-5 shadow-card sm:p-6"
        >
          <h2 id="contact-form" className="text-xl font-semibold text-ink">
            {t("contactPage.formTitle")}
          </h2>
          <div className="mt-4">
            {result?.sent && <FormAlert tone="success">{t("contactPage.sent")}</FormAlert>}
            {result?.formError && <FormAlert>{result.formError}</FormAlert>}
            {result && !result.sent && !result.formError && Object.keys(errors).length > 0 && (
              <FormAlert>{t("contactPage.checkFields")}</FormAlert>
            )}
          </div>
          <Form method="post" noValidate key={result?.sent ? "sent" : "form"}>
            <FieldStack>
              <TextField
                name="name"
                label={t("contactPage.name")}
                autoComplete="name"
                maxLength={120}
                defaultValue={values.name}
                error={errors.name}
                required
              />
              <TextField
                name="email"
                type="email"
                label={t("contactPage.email")}
                autoComplete="email"
                maxLength={254}
                defaultValue={values.email}
                error={errors.email}
                required
              />
              <TextField
                name="subject"
                label={t("contactPage.subject")}
                maxLength={150}
                defaultValue={values.subject}
                error={errors.subject}
              />
              <div>
                <label htmlFor={messageId} className="mb-1.5 block text-sm font-semibold text-ink">
                  {t("contactPage.message")}
                </label>
                <textarea
                  id={messageId}
                  name="message"
                  rows={6}
                  maxLength={5000}
                  required
                  defaultValue={values.message}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? `${messageId}-error` : undefined}
                  className={`${inputClasses} py-3`}
                />
                {errors.message && <FieldError id={`${messageId}-error`}>{errors.message}</FieldError>}
              </div>
              {/* The honeypot: hidden from people and from assistive technology, filled in by robots. */}
              <div className="hidden" aria-hidden="true">
                <label htmlFor={honeypotId}>{t("contactPage.honeypot")}</label>
                <input id={honeypotId} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
              </div>
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? t("contactPage.sending") : t("contactPage.send")}
              </Button>
            </FieldStack>
          </Form>
        </section>
      </div>
    </Container>
  );
}
