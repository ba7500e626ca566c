import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";

/** A page written in Store customization: its title and its (sanitised, allow-listed) HTML body. */
export function ContentPage({ title, html }: { title: string; html: string }) {
  const { t } = useTranslation();
  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <Breadcrumb
        label={t("legal.breadcrumb")}
        items={[{ label: t("legal.home"), to: paths.home() }, { label: title }]}
      />
      <article className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{title}</h1>
        <div
          className="mt-6 grid gap-4 text-base leading-7 text-ink [&_a]:font-semibold [&_a]:text-primary-ink [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_blockquote]:text-ink-muted [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
          // The body was sanitised with a strict allow-list on save and again when read (server/lib/sanitize-html.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed HTML written by staff
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
    </Container>
  );
}
