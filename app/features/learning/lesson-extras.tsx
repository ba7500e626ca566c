import { CalendarClock, CheckCircle2, Download, FileText } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/format";
import type { LessonContent } from "./types";

/** "4 December 2026" in the page's language; the day is the UTC day the server opens the lesson on. */
export function formatOpeningDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(iso));
}

function fileSize(bytes: number, language: string): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), language)} KB`;
  return `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, language)} MB`;
}

/** In place of the player: a dripped lesson that has not opened yet, and when it will. */
export function ScheduledLesson({ opensAt }: { opensAt: string }) {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-labelledby="scheduled-title"
      className="flex min-h-72 flex-col items-center justify-center gap-4 rounded-2xl bg-inverse px-6 py-8 text-center text-on-inverse shadow-raised sm:aspect-video sm:min-h-0"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-on-inverse/10">
        <CalendarClock aria-hidden="true" className="size-7" />
      </span>
      <h2 id="scheduled-title" className="text-xl font-bold text-balance sm:text-2xl">
        {t("learning.player.opensOn", { date: formatOpeningDay(opensAt, i18n.language) })}
      </h2>
      <p className="max-w-lg text-sm text-pretty sm:text-base">{t("learning.player.scheduledText")}</p>
    </section>
  );
}

/** In place of the player: an open lesson without a video (resources and reading only). */
export function NoVideoLesson() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="no-video-title"
      className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-2xl border border-line bg-surface px-6 py-8 text-center shadow-card"
    >
      <FileText aria-hidden="true" className="size-10 text-primary-ink" />
      <h2 id="no-video-title" className="text-xl font-bold text-ink">
        {t("learning.player.noVideoTitle")}
      </h2>
      <p className="max-w-lg text-sm text-ink-muted">{t("learning.player.noVideoText")}</p>
    </section>
  );
}

/** The lesson's files to download (worksheets, images, audio). */
export function LessonResources({ resources }: { resources: LessonContent["resources"] }) {
  const { t, i18n } = useTranslation();
  if (resources.length === 0) return null;
  return (
    <section aria-labelledby="resources-title" className="mt-6">
      <h2 id="resources-title" className="text-lg font-bold text-ink">
        {t("learning.player.resourcesTitle")}
      </h2>
      <ul className="mt-3 grid gap-2">
        {resources.map((file) => (
          <li key={file.id}>
            <a
              href={file.url}
              download={file.name}
              aria-label={t("learning.player.download", { name: file.name })}
              className="flex min-h-11 items-center gap-3 rounded-lg border border-line bg-surface px-4 py-2 text-sm hover:border-primary"
            >
              <Download aria-hidden="true" className="size-5 shrink-0 text-primary-ink" />
              <span className="min-w-0 flex-1 truncate font-semibold text-ink">{file.name}</span>
              <span className="shrink-0 text-ink-muted tabular-nums">
                {fileSize(file.sizeBytes, i18n.language)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Mark as complete": a plain form post to the page's action, so it works before the page is
 * hydrated too; afterwards React Router submits it without a reload.
 */
export function MarkComplete({
  lessonId,
  completed,
  error,
}: {
  lessonId: string;
  completed: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "complete";
  if (completed) {
    return (
      <p
        className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-primary-ink"
        role="status"
      >
        <CheckCircle2 aria-hidden="true" className="size-5" />
        {t("learning.player.markedComplete")}
      </p>
    );
  }
  return (
    <Form method="post" className="mt-4" preventScrollReset>
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="lessonId" value={lessonId} />
      <Button type="submit" variant="secondary" disabled={busy}>
        <CheckCircle2 aria-hidden="true" />
        {busy ? t("learning.player.marking") : t("learning.player.markComplete")}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </Form>
  );
}
