import { X } from "lucide-react";
import { useId, useState } from "react";
import { fieldControlClasses } from "~/components/admin/form-fields";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";

/**
 * Tags and child categories (spec section 5): typed text, added with Enter, each shown as a chip
 * with a remove button. Every value submits as a hidden `name` field.
 */
export function TagInput({
  label,
  description,
  name,
  defaultValue,
  error,
}: {
  label: string;
  description?: string;
  name: string;
  defaultValue: string[];
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState(defaultValue);
  const [draft, setDraft] = useState("");
  const add = () => {
    const value = draft.trim();
    if (value && !values.includes(value)) setValues([...values, value]);
    setDraft("");
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {values.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={label}>
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-0.5 pr-0.5 pl-3 text-sm text-on-primary-soft"
            >
              {value}
              <input type="hidden" name={name} value={value} />
              <button
                type="button"
                onClick={() => setValues(values.filter((other) => other !== value))}
                aria-label={t("adminProducts.editor.removeTag", { value })}
                className="inline-flex size-8 items-center justify-center rounded-full hover:bg-surface"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            add();
          }
        }}
        onBlur={add}
        aria-describedby={`${id}-help`}
        aria-invalid={error ? true : undefined}
        className={cn(fieldControlClasses)}
      />
      <p id={`${id}-help`} className="mt-1.5 text-xs text-ink-muted">
        {description ?? t("adminProducts.editor.tagHint")}
      </p>
      {error && <p className="mt-1.5 text-xs font-medium text-danger">{error}</p>}
    </div>
  );
}
