import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { type DateFormatter, type DateSettings, dateFormatter } from "~shared/date-formats";

/**
 * The school's date format on every page (root loader data): `date` for calendar dates, `dateTime`
 * with the time of day, both in the school's time zone unless `timeZone` says otherwise (dates
 * stored at UTC midnight, such as coupon validity, pass "UTC").
 */
export function useDates(options: { timeZone?: string | undefined } = {}): {
  date: DateFormatter;
  dateTime: DateFormatter;
} {
  const { i18n } = useTranslation();
  const root = useRouteLoaderData("root") as { dates?: DateSettings } | undefined;
  const settings = root?.dates;
  const language = i18n.language;
  const { timeZone } = options;
  return useMemo(() => {
    const zone = timeZone ? { timeZone } : {};
    return {
      date: dateFormatter(language, settings, zone),
      dateTime: dateFormatter(language, settings, { ...zone, time: true }),
    };
  }, [language, settings, timeZone]);
}
