import { Eye, EyeOff } from "lucide-react";
import { type ComponentPropsWithoutRef, useId, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { FieldError, inputClasses } from "./text-field";

/** A password input with a show/hide toggle (spec: reset screen), the error in small red text under it. */
export function PasswordField({
  label,
  error,
  hint,
  className,
  ...input
}: { label: string; error?: string | undefined; hint?: string; name: string } & Omit<
  ComponentPropsWithoutRef<"input">,
  "type"
>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? "text" : "password"}
          className={`${inputClasses} pr-13`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="none"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t("accounts.fields.hidePassword") : t("accounts.fields.showPassword")}
          aria-controls={id}
          className="absolute inset-y-0 right-0 inline-flex w-12 items-center justify-center rounded-r-lg text-ink-muted hover:text-primary-ink"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
