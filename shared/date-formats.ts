/** The date formats a school can pick in Settings. */
export const DATE_FORMATS = ["DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD", "DD-MM-YYYY", "D MMM YYYY"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = "DD/MM/YYYY";

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === "string" && (DATE_FORMATS as readonly string[]).includes(value);
}

/** How a school shows dates: its date format (Settings → Date format) and time zone. */
export interface DateSettings {
  dateFormat: DateFormat;
  timeZone: string;
}

/** What formats a date: the part of `Intl.DateTimeFormat` the pages use. */
export interface DateFormatter {
  format(value: Date | number): string;
}

/**
 * Formatters by language, pattern, time zone and time of day: making the two `Intl.DateTimeFormat`s
 * costs far more than formatting with them, and every component showing dates asked for its own.
 */
const formatters = new Map<string, DateFormatter>();
const MAX_FORMATTERS = 500;

/**
 * The one way every date is shown (storefront, learner area, back office, invoices, mails): in the
 * school's date format and time zone, month names in `language` ("D MMM YYYY": "14 May 2024",
 * "14 mei 2024"). `time` adds the time of day in the language's style ("14/05/2024 13:05");
 * `timeZone` overrides the school's for values that are calendar dates stored at UTC midnight.
 */
export function dateFormatter(
  language: string,
  settings: Partial<DateSettings> | undefined,
  options: { time?: boolean; timeZone?: string } = {},
): DateFormatter {
  const pattern = isDateFormat(settings?.dateFormat) ? settings.dateFormat : DEFAULT_DATE_FORMAT;
  const timeZone = options.timeZone ?? settings?.timeZone ?? undefined;
  const key = `${language}\u0000${pattern}\u0000${timeZone ?? ""}\u0000${options.time === true}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = newDateFormatter(language, pattern, timeZone, options.time === true);
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

function newDateFormatter(
  language: string,
  pattern: DateFormat,
  timeZone: string | undefined,
  time: boolean,
): DateFormatter {
  const parts = new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: pattern === "D MMM YYYY" ? "short" : "2-digit",
    day: pattern === "D MMM YYYY" ? "numeric" : "2-digit",
    timeZone,
  });
  const clock = time ? new Intl.DateTimeFormat(language, { timeStyle: "short", timeZone }) : null;
  return {
    format(value: Date | number | string) {
      const date = value instanceof Date ? value : new Date(value);
      const all = parts.formatToParts(date);
      const part = (type: Intl.DateTimeFormatPartTypes) =>
        all.find((item) => item.type === type)?.value ?? "";
      const [day, month, year] = [part("day"), part("month").replace(/\.$/, ""), part("year")];
      const text =
        pattern === "DD/MM/YYYY"
          ? `${day}/${month}/${year}`
          : pattern === "MM/DD/YYYY"
            ? `${month}/${day}/${year}`
            : pattern === "YYYY-MM-DD"
              ? `${year}-${month}-${day}`
              : pattern === "DD-MM-YYYY"
                ? `${day}-${month}-${year}`
                : `${day} ${month} ${year}`;
      return clock ? `${text} ${clock.format(date)}` : text;
    },
  };
}
