import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { EditingLanguage } from "~server/modules/international/editing-languages";

export interface EditableLink {
  label: Record<string, string>;
  url: string;
}

const inputClass =
  "block min-h-11 w-full rounded-lg border border-control bg-surface px-3 text-sm text-ink shadow-sm hover:border-primary-ink focus-visible:outline-3 focus-visible:outline-focus";

/** A list of links (label per language + address) edited in place; `onChange` gets the whole list. */
export function LinkListEditor({
  legend,
  links,
  onChange,
  languages,
  max,
}: {
  legend: string;
  links: EditableLink[];
  onChange: (links: EditableLink[]) => void;
  languages: EditingLanguage[];
  max: number;
}) {
  const { t } = useTranslation();
  const update = (index: number, next: EditableLink) =>
    onChange(links.map((link, i) => (i === index ? next : link)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      {links.length === 0 && (
        <p className="text-sm text-ink-muted">{t("adminContent.customization.noLinks")}</p>
      )}
      {links.map((link, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their place
          key={index}
          className="grid gap-2 rounded-lg border border-line p-3 sm:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))_auto] sm:items-end"
        >
          {languages.map((language) => (
            <label key={language.code} className="grid gap-1 text-xs font-semibold text-ink">
              {t("adminContent.customization.linkLabel", { language: language.name, n: index + 1 })}
              <input
                className={inputClass}
                value={link.label[language.code] ?? ""}
                onChange={(event) =>
                  update(index, { ...link, label: { ...link.label, [language.code]: event.target.value } })
                }
              />
            </label>
          ))}
          <label className="grid gap-1 text-xs font-semibold text-ink">
            {t("adminContent.customization.linkUrl", { n: index + 1 })}
            <input
              className={inputClass}
              inputMode="url"
              value={link.url}
              onChange={(event) => update(index, { ...link, url: event.target.value })}
            />
          </label>
          <Button
            variant="ghost"
            aria-label={t("adminContent.customization.removeLink", { n: index + 1 })}
            onClick={() => onChange(links.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {links.length < max && (
        <Button
          variant="secondary"
          className="w-fit"
          onClick={() => onChange([...links, { label: { en: "" }, url: "" }])}
        >
          <Plus aria-hidden="true" />
          {t("adminContent.customization.addLink")}
        </Button>
      )}
    </fieldset>
  );
}
