import { Link } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Container } from "~/components/ui/container";
import { useTranslation } from "~/i18n/use-translation";
import { paths } from "~/lib/paths";
import type { LegalDocument } from "./legal-document";

/** A legal text: title, table of contents with anchors, numbered sections at a readable width. */
export function LegalPage({
  document,
  related,
}: {
  document: LegalDocument;
  related: { label: string; to: string };
}) {
  const { t } = useTranslation();
  return (
    <Container className="py-6 sm:py-10 lg:py-12">
      <Breadcrumb
        label={t("legal.breadcrumb")}
        items={[{ label: t("legal.home"), to: paths.home() }, { label: document.title }]}
      />
      <div className="mt-6 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
        <nav
          aria-labelledby="legal-contents"
          className="self-start rounded-2xl border border-line bg-surface p-5 shadow-card lg:sticky lg:top-below-header lg:order-none"
        >
          <h2 id="legal-contents" className="text-xs font-semibold tracking-wider text-primary-ink uppercase">
            {t("legal.contents")}
          </h2>
          <ol className="mt-3 grid gap-0.5 text-sm">
            {document.sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex min-h-11 items-center gap-2 rounded-md px-1 text-ink-muted hover:text-primary-ink hover:underline sm:min-h-9"
                >
                  <span className="w-5 shrink-0 text-right tabular-nums">{index + 1}.</span>
                  <span>{section.heading}</span>
                </a>
              </li>
            ))}
          </ol>
          <p className="mt-4 border-t border-line pt-4 text-sm">
            <Link
              to={related.to}
              className="font-semibold text-primary-ink underline-offset-4 hover:underline"
            >
              {related.label}
            </Link>
          </p>
        </nav>

        <article className="max-w-[68ch]" aria-labelledby="legal-title">
          <h1
            id="legal-title"
            className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-5xl"
          >
            {document.title}
          </h1>
          <p className="mt-4 text-base text-pretty text-ink-muted">{document.intro}</p>
          {document.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="mt-10 scroll-mt-below-header"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-bold text-ink">
                <span className="mr-2 text-primary-ink tabular-nums">{index + 1}.</span>
                {section.heading}
              </h2>
              {section.blocks.map((block) =>
                "paragraph" in block ? (
                  <p key={block.paragraph} className="mt-3 text-base text-pretty text-ink">
                    {block.paragraph}
                  </p>
                ) : (
                  <ul
                    key={block.list.join("\n")}
                    className="mt-3 grid list-disc gap-2 pl-6 text-base text-ink marker:text-primary-ink"
                  >
                    {block.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ),
              )}
            </section>
          ))}
        </article>
      </div>
    </Container>
  );
}
