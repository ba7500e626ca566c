import { Plus, X } from "lucide-react";
import { useState } from "react";
import { fieldControlClasses } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import type { EditingLanguage } from "~server/modules/international/editing-languages";

export interface EditableValue {
  id?: string | undefined;
  label: Partial<Record<string, string>>;
}

/**
 * The values of an attribute: type a value and press Enter (or Add) to add it, edit its label in
 * every language, remove it. Submits `values.<n>.id` and `values.<n>.label.<code>`.
 */
export function ValuesEditor({
  initial,
  languages,
  error,
}: {
  initial: EditableValue[];
  languages: EditingLanguage[];
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<(EditableValue & { key: string })[]>(() =>
    initial.map((value, index) => ({ ...value, key: value.id ?? `initial-${index}` })),
  );
  const [draft, setDraft] = useState("");
  const add = () => {
    const label = draft.trim();
    if (!label) return;
    setValues((list) => [...list, { key: `new-${Date.now()}`, label: { en: label } }]);
    setDraft("");
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold text-ink">{t("adminCatalog.attribute.values")}</legend>
      <div className="flex gap-2">
        <label htmlFor="new-value" className="sr-only">
          {t("adminCatalog.attribute.newValue")}
        </label>
        <input
          id="new-value"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          placeholder={t("adminCatalog.attribute.newValueHint")}
          aria-describedby="new-value-help"
          className={fieldControlClasses}
        />
        <Button variant="secondary" onClick={add}>
          <Plus aria-hidden="true" />
          {t("adminCatalog.attribute.addValue")}
        </Button>
      </div>
      <p id="new-value-help" className="text-xs text-ink-muted">
        {t("adminCatalog.attribute.newValueHelp")}
      </p>
      {error && <p className="text-xs font-medium text-danger">{error}</p>}
      {values.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("adminCatalog.attribute.noValues")}</p>
      ) : (
        <ul className="grid gap-2">
          {values.map((value, index) => (
            <li key={value.key} className="flex flex-wrap items-end gap-2 rounded-lg border border-line p-2">
              {value.id && <input type="hidden" name={`values.${index}.id`} value={value.id} />}
              {languages.map((language) => (
                <label
                  key={language.code}
                  className="grid min-w-40 flex-1 gap-1 text-xs font-semibold text-ink-muted"
                >
                  {t("adminCatalog.attribute.valueIn", { language: language.name })}
                  <input
                    name={`values.${index}.label.${language.code}`}
                    defaultValue={value.label[language.code] ?? ""}
                    required={language.code === "en"}
                    className={fieldControlClasses}
                  />
                </label>
              ))}
              <Button
                variant="ghost"
                aria-label={t("adminCatalog.attribute.removeValue", { name: value.label.en ?? "" })}
                onClick={() => setValues((list) => list.filter((item) => item.key !== value.key))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
