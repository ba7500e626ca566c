import { useAdminLayoutData } from "~/lib/admin-layout-data";
import type { EditingLanguage } from "~server/modules/international/editing-languages";
import { TextArea, TextField } from "./form-fields";

/**
 * Edits one translatable value (e.g. a course title) in every editing language side by side
 * (stacked on phones). Each language submits as `<name>.<code>`, e.g. `title.en`, `title.nl`;
 * read them back in the action with `translatableFromForm(form, "title", languages)`
 * (translatable-form.ts). The languages come from the admin layout (published languages, else
 * en + nl) unless given. English is required when `isRequired` is set; others stay optional.
 */
export function TranslatableField({
  label,
  name,
  defaultValue,
  errors,
  description,
  multiline = false,
  rows,
  isRequired = false,
  languages,
  className,
}: {
  label: string;
  name: string;
  defaultValue?: Partial<Record<string, string>> | null | undefined;
  /** Translated error text per language code, e.g. `{ en: "Please enter a title" }`. */
  errors?: Partial<Record<string, string | undefined>> | undefined;
  description?: string | undefined;
  multiline?: boolean;
  rows?: number;
  isRequired?: boolean;
  languages?: EditingLanguage[];
  className?: string;
}) {
  const layout = useAdminLayoutData();
  const list = languages ?? layout?.languages ?? [{ code: "en", name: "English" }];
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-semibold text-ink">{label}</legend>
      {description && <p className="-mt-1 mb-2 text-xs text-ink-muted">{description}</p>}
      <div className="grid gap-4 md:grid-cols-2">
        {list.map((language) => {
          const props = {
            name: `${name}.${language.code}`,
            label: `${label} (${language.name})`,
            defaultValue: defaultValue?.[language.code] ?? "",
            error: errors?.[language.code],
            isRequired: isRequired && language.code === "en",
          };
          return multiline ? (
            <TextArea key={language.code} rows={rows} {...props} />
          ) : (
            <TextField key={language.code} {...props} />
          );
        })}
      </div>
    </fieldset>
  );
}
