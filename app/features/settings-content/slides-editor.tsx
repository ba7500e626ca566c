import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { moveItem } from "~/lib/move-item";
import type { EditingLanguage } from "~server/modules/international/editing-languages";

/** A slide as the form edits it; `key` names its file input (`slideFile.<key>`) across moves. */
export interface EditableSlide {
  key: string;
  image: string;
  title: Record<string, string>;
  text: Record<string, string>;
  link: string;
  active: boolean;
}

const inputClass =
  "block min-h-11 w-full min-w-0 rounded-lg border border-control bg-surface px-3 text-sm text-ink shadow-sm hover:border-primary-ink focus-visible:outline-3 focus-visible:outline-focus";

/** The home page carousel's slides: image upload, texts per language, link, active, order. */
export function SlidesEditor({
  slides,
  onChange,
  languages,
  errors,
  max,
}: {
  slides: EditableSlide[];
  onChange: (slides: EditableSlide[]) => void;
  languages: EditingLanguage[];
  errors: Record<string, string>;
  max: number;
}) {
  const { t } = useTranslation();
  const update = (index: number, next: Partial<EditableSlide>) =>
    onChange(slides.map((slide, i) => (i === index ? { ...slide, ...next } : slide)));
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4">
      <legend className="mb-1 text-sm font-semibold text-ink">
        {t("adminContent.customization.slides")}
      </legend>
      <p className="text-sm text-ink-muted">{t("adminContent.customization.slidesHint")}</p>
      {slides.map((slide, index) => {
        const n = index + 1;
        const slideErrors = Object.entries(errors)
          .filter(([key]) => key.startsWith(`slides.${index}.`))
          .map(([, message]) => message);
        return (
          <div
            key={slide.key}
            className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border border-line p-3 sm:p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-ink">
                {t("adminContent.customization.slideN", { n })}
              </h3>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  aria-label={t("adminContent.customization.slideUp", { n })}
                  disabled={index === 0}
                  onClick={() => onChange(moveItem(slides, index, -1))}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  aria-label={t("adminContent.customization.slideDown", { n })}
                  disabled={index === slides.length - 1}
                  onClick={() => onChange(moveItem(slides, index, 1))}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  aria-label={t("adminContent.customization.slideRemove", { n })}
                  onClick={() => onChange(slides.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
            {slideErrors.length > 0 && (
              <p className="text-sm font-medium text-danger">{slideErrors.join(" ")}</p>
            )}
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_1fr] sm:items-start">
              {slide.image ? (
                <img
                  src={slide.image}
                  alt=""
                  width={160}
                  height={128}
                  className="aspect-[5/4] w-40 rounded-lg border border-line object-cover"
                />
              ) : (
                <div className="flex aspect-[5/4] w-40 items-center justify-center rounded-lg border border-dashed border-line text-xs text-ink-muted">
                  {t("adminContent.customization.slideNoImage")}
                </div>
              )}
              <label className="grid min-w-0 gap-1 text-xs font-semibold text-ink">
                {t("adminContent.customization.slideImage", { n })}
                <input
                  type="file"
                  name={`slideFile.${slide.key}`}
                  accept="image/jpeg,image/png,image/webp"
                  className="w-full min-w-0 text-sm"
                />
                <span className="font-normal text-ink-muted">
                  {t("adminContent.customization.slideImageHint")}
                </span>
              </label>
            </div>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {languages.map((language) => (
                <label
                  key={`title-${language.code}`}
                  className="grid min-w-0 gap-1 text-xs font-semibold text-ink"
                >
                  {t("adminContent.customization.slideTitle", { n, language: language.name })}
                  <input
                    className={inputClass}
                    maxLength={120}
                    value={slide.title[language.code] ?? ""}
                    onChange={(event) =>
                      update(index, { title: { ...slide.title, [language.code]: event.target.value } })
                    }
                  />
                </label>
              ))}
              {languages.map((language) => (
                <label
                  key={`text-${language.code}`}
                  className="grid min-w-0 gap-1 text-xs font-semibold text-ink"
                >
                  {t("adminContent.customization.slideText", { n, language: language.name })}
                  <textarea
                    className={`${inputClass} py-2`}
                    rows={2}
                    maxLength={300}
                    value={slide.text[language.code] ?? ""}
                    onChange={(event) =>
                      update(index, { text: { ...slide.text, [language.code]: event.target.value } })
                    }
                  />
                </label>
              ))}
              <label className="grid min-w-0 gap-1 text-xs font-semibold text-ink">
                {t("adminContent.customization.slideLink", { n })}
                <input
                  className={inputClass}
                  inputMode="url"
                  maxLength={500}
                  value={slide.link}
                  onChange={(event) => update(index, { link: event.target.value })}
                />
              </label>
              <label className="flex min-h-11 items-center gap-2 self-end text-sm text-ink">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={slide.active}
                  onChange={(event) => update(index, { active: event.target.checked })}
                />
                {t("adminContent.customization.slideActive", { n })}
              </label>
            </div>
          </div>
        );
      })}
      {slides.length < max && (
        <Button
          variant="secondary"
          className="w-fit"
          onClick={() =>
            onChange([
              ...slides,
              {
                key: crypto.randomUUID(),
                image: "",
                title: { en: "" },
                text: { en: "" },
                link: "",
                active: true,
              },
            ])
          }
        >
          <Plus aria-hidden="true" />
          {t("adminContent.customization.addSlide")}
        </Button>
      )}
    </fieldset>
  );
}
