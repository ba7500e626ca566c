import type { TFunction } from "i18next";
import { useTranslation } from "~/i18n/use-translation";
import type { DateFormatter } from "~shared/date-formats";

/** One changed field as the reader sees it: its label, and the value before and after. */
export interface ChangeLine {
  field: string;
  label: string;
  from: string | null;
  to: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const LANGUAGE_KEYS = /^[a-z]{2}(-[A-Z]{2})?$/;

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === "object" && value !== null && "from" in value && "to" in value;

/** "discountValue" → "Discount value": the label of a field without a translation. */
function humanise(field: string): string {
  const words = field
    .replace(/Cents$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A recorded value in the reader's language: yes/no, dates, translations, lists, amounts. */
function shown(value: unknown, field: string, t: TFunction, language: string, dates: DateFormatter): string {
  if (value === null || value === undefined || value === "") return t("admin.audit.changes.empty");
  if (value === "[hidden]") return t("admin.audit.changes.hidden");
  if (typeof value === "boolean") return t(value ? "admin.audit.changes.yes" : "admin.audit.changes.no");
  if (typeof value === "number") {
    return field.endsWith("Cents")
      ? new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(value / 100)
      : new Intl.NumberFormat(language).format(value);
  }
  if (typeof value === "string") {
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) return dates.format(new Date(value));
    return value;
  }
  if (Array.isArray(value)) {
    const simple = value.every(
      (item) => typeof item === "string" && item.length < 40 && !/^[0-9a-f-]{36}$/.test(item),
    );
    return simple && value.length > 0
      ? value.join(", ")
      : t("admin.audit.changes.items", { count: value.length });
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (
      entries.length > 0 &&
      entries.every(([key, text]) => LANGUAGE_KEYS.test(key) && typeof text === "string")
    ) {
      const texts = value as Record<string, string>;
      return texts[language] || texts[language.slice(0, 2)] || texts.en || (entries[0]![1] as string);
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/** What an audit entry's `changes` say, field by field, in the reader's language. */
export function changeLines(
  changes: Record<string, unknown> | null,
  t: TFunction,
  language: string,
  dates: DateFormatter,
): ChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, value]) => {
    const label = t(`admin.audit.fields.${field}`, { defaultValue: humanise(field) });
    return isChange(value)
      ? {
          field,
          label,
          from: shown(value.from, field, t, language, dates),
          to: shown(value.to, field, t, language, dates),
        }
      : { field, label, from: null, to: shown(value, field, t, language, dates) };
  });
}

/** The changed fields of one audit entry: "Field: before → after". */
export function AuditChanges({
  changes,
  dates,
}: {
  changes: Record<string, unknown> | null;
  dates: DateFormatter;
}) {
  const { t, i18n } = useTranslation();
  const lines = changeLines(changes, t, i18n.language, dates);
  if (lines.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5 text-xs text-ink-muted">
      {lines.map((line) => (
        <li key={line.field} className="break-words">
          <span className="font-semibold text-ink">{line.label}:</span>{" "}
          {line.from === null ? (
            line.to
          ) : (
            <>
              <del className="no-underline">{line.from}</del>
              <span> → </span>
              <ins className="no-underline font-medium text-ink">{line.to}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
