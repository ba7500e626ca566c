import { ArrowDown, ArrowUp, CalendarClock, Film, ListChecks, Paperclip, Pencil } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { Checkbox, Select, TextField } from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import { adminPaths } from "~/lib/admin-paths";
import type { AdminLesson } from "~server/modules/catalog/catalog-admin.schemas";
import { translate } from "~shared/translatable";
import { type ActionResult, translatableErrors } from "./action-result";
import { DeleteButton } from "./delete-button";
import { FileButton, LessonFilesEditor } from "./lesson-files-editor";

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** Add or edit one lesson (posts intent add-lesson / update-lesson to the course page's action). */
function LessonForm({ lesson, onDone }: { lesson?: AdminLesson; onDone?: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const link = lesson?.videoUrl && /^https:/i.test(lesson.videoUrl) ? lesson.videoUrl : "";
  const [drip, setDrip] = useState<string>(lesson?.dripDays ? "days" : lesson?.dripDate ? "date" : "none");

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      notify.success(lesson ? t("adminCatalog.lessons.saved") : t("adminCatalog.lessons.added"));
      formRef.current?.reset();
      onDone?.();
    }
  }, [fetcher.state, fetcher.data, lesson, onDone, t]);

  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      className="grid gap-4 rounded-lg border border-line bg-sunken/40 p-4"
    >
      <input type="hidden" name="intent" value={lesson ? "update-lesson" : "add-lesson"} />
      {lesson && <input type="hidden" name="lessonId" value={lesson.id} />}
      <TranslatableField
        label={t("adminCatalog.lessons.lessonTitle")}
        name="lessonTitle"
        isRequired
        defaultValue={lesson?.title}
        errors={translatableErrors(errors, "title")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("adminCatalog.lessons.duration")}
          description={t("adminCatalog.lessons.durationHint")}
          name="duration"
          isRequired
          defaultValue={lesson ? clock(lesson.durationSeconds) : ""}
          error={errors?.durationSeconds}
        />
        <TextField
          label={t("adminCatalog.lessons.videoLink")}
          description={t("adminCatalog.lessons.videoLinkHint")}
          name="videoUrl"
          type="url"
          defaultValue={link}
          error={errors?.videoUrl}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t("adminCatalog.lessons.drip")}
          name="dripMode"
          value={drip}
          onChange={(value) => setDrip(value ?? "none")}
          options={[
            { value: "none", label: t("adminCatalog.lessons.dripNone") },
            { value: "days", label: t("adminCatalog.lessons.dripDays") },
            { value: "date", label: t("adminCatalog.lessons.dripDate") },
          ]}
        />
        {drip === "days" && (
          <TextField
            label={t("adminCatalog.lessons.dripDaysField")}
            description={t("adminCatalog.lessons.dripDaysHint")}
            name="dripDays"
            type="number"
            inputMode="numeric"
            isRequired
            defaultValue={lesson?.dripDays ? String(lesson.dripDays) : ""}
            error={errors?.dripDays}
          />
        )}
        {drip === "date" && (
          <TextField
            label={t("adminCatalog.lessons.dripDateField")}
            description={t("adminCatalog.lessons.dripDateHint")}
            name="dripDate"
            type="date"
            isRequired
            defaultValue={lesson?.dripDate ?? ""}
            error={errors?.dripDate}
          />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Checkbox name="freePreview" value="true" defaultSelected={lesson?.freePreview ?? false}>
          {t("adminCatalog.lessons.freePreview")}
        </Checkbox>
        {lesson?.videoUrl && (
          <Checkbox name="removeVideo" value="true">
            {t("adminCatalog.lessons.removeVideo")}
          </Checkbox>
        )}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {lesson ? t("adminCatalog.lessons.save") : t("adminCatalog.lessons.add")}
        </Button>
        {onDone && lesson && (
          <Button variant="ghost" onClick={onDone}>
            {t("adminCatalog.cancel")}
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}

/** Streams a chosen video file straight to the API (WebM or MP4), then reloads the page data. */
function VideoUpload({ courseId, lesson, name }: { courseId: string; lesson: AdminLesson; name: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const response = await fetch(`/api/admin/courses/${courseId}/lessons/${lesson.id}/video`, {
        method: "POST",
        body: file,
        headers: { "content-type": file.type === "video/mp4" ? "video/mp4" : "video/webm" },
        credentials: "same-origin",
      });
      const body = (await response.json()) as { message?: string };
      if (!response.ok) notify.error(body.message ?? t("adminCatalog.uploadFailed"));
      else {
        notify.success(t("adminCatalog.lessons.videoUploaded"));
        await revalidator.revalidate();
      }
    } catch {
      notify.error(t("adminCatalog.uploadFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileButton
      text={busy ? t("adminCatalog.uploading") : t("adminCatalog.lessons.uploadVideo")}
      label={t("adminCatalog.lessons.uploadVideoFor", { name })}
      accept="video/webm,video/mp4"
      disabled={busy}
      onFile={(file) => void upload(file)}
    />
  );
}

/** The lessons of a course: ordered list with move up/down, edit, video upload, delete; add form below. */
export function LessonsEditor({
  courseId,
  lessons,
  canWrite,
  quizLessonIds = [],
}: {
  courseId: string;
  lessons: AdminLesson[];
  canWrite: boolean;
  /** The lessons that are quizzes (their questions are edited on the quiz page). */
  quizLessonIds?: string[];
}) {
  const { t, i18n } = useTranslation();
  const move = useFetcher();
  const [editing, setEditing] = useState<string | null>(null);

  const reorder = (index: number, offset: -1 | 1) => {
    const ids = lessons.map((lesson) => lesson.id);
    const [item] = ids.splice(index, 1);
    ids.splice(index + offset, 0, item!);
    const form = new FormData();
    form.set("intent", "reorder-lessons");
    for (const id of ids) form.append("ids", id);
    move.submit(form, { method: "post" });
  };

  return (
    <div className="grid gap-4">
      {lessons.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("adminCatalog.lessons.none")}</p>
      ) : (
        <ol className="grid gap-2">
          {lessons.map((lesson, index) => {
            const name = translate(lesson.title as { en: string }, i18n.language);
            return (
              <li key={lesson.id} className="rounded-lg border border-line p-3">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sunken text-sm font-semibold">
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink">{name}</p>
                    <p className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
                      <span>{clock(lesson.durationSeconds)}</span>
                      {lesson.freePreview && (
                        <span className="rounded-full bg-primary-soft px-2 py-0.5 font-semibold text-on-primary-soft">
                          {t("adminCatalog.lessons.freePreview")}
                        </span>
                      )}
                      {quizLessonIds.includes(lesson.id) && (
                        <span className="rounded-full bg-accent-soft px-2 py-0.5 font-semibold text-on-accent-soft">
                          {t("adminCatalog.quiz.badge")}
                        </span>
                      )}
                      <span className="inline-flex items-center gap-1">
                        <Film aria-hidden="true" className="size-3.5" />
                        {lesson.videoUrl
                          ? t("adminCatalog.lessons.hasVideo")
                          : t("adminCatalog.lessons.noVideo")}
                      </span>
                      {(lesson.dripDays || lesson.dripDate) && (
                        <span className="inline-flex items-center gap-1">
                          <CalendarClock aria-hidden="true" className="size-3.5" />
                          {lesson.dripDays
                            ? t("adminCatalog.lessons.opensAfter", { count: lesson.dripDays })
                            : t("adminCatalog.lessons.opensOn", { date: lesson.dripDate })}
                        </span>
                      )}
                      {lesson.resources.length + lesson.captions.length > 0 && (
                        <span className="inline-flex items-center gap-1">
                          <Paperclip aria-hidden="true" className="size-3.5" />
                          {[
                            ...lesson.resources.map((file) => file.name),
                            ...lesson.captions.map((track) => `${track.language}.vtt`),
                          ].join(", ")}
                        </span>
                      )}
                    </p>
                  </div>
                  <Link
                    to={adminPaths.lessonQuiz(courseId, lesson.id)}
                    aria-label={
                      quizLessonIds.includes(lesson.id)
                        ? t("adminCatalog.quiz.editFor", { name })
                        : t("adminCatalog.quiz.makeFor", { name })
                    }
                    className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-primary-ink hover:bg-sunken"
                  >
                    <ListChecks aria-hidden="true" className="size-4" />
                    {quizLessonIds.includes(lesson.id)
                      ? t("adminCatalog.quiz.edit")
                      : t("adminCatalog.quiz.make")}
                  </Link>
                  {canWrite && (
                    <div className="flex flex-wrap items-center gap-1">
                      <Button
                        variant="ghost"
                        aria-label={t("adminCatalog.lessons.moveUp", { name })}
                        disabled={index === 0 || move.state !== "idle"}
                        onClick={() => reorder(index, -1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        aria-label={t("adminCatalog.lessons.moveDown", { name })}
                        disabled={index === lessons.length - 1 || move.state !== "idle"}
                        onClick={() => reorder(index, 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <VideoUpload courseId={courseId} lesson={lesson} name={name} />
                      <Button
                        variant="ghost"
                        aria-label={t("adminCatalog.lessons.edit", { name })}
                        aria-expanded={editing === lesson.id}
                        onClick={() => setEditing(editing === lesson.id ? null : lesson.id)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <DeleteButton
                        name={name}
                        label={t("adminCatalog.lessons.delete", { name })}
                        fields={{ intent: "delete-lesson", lessonId: lesson.id }}
                      />
                    </div>
                  )}
                </div>
                {editing === lesson.id && (
                  <div className="mt-3">
                    <LessonForm lesson={lesson} onDone={() => setEditing(null)} />
                    <LessonFilesEditor courseId={courseId} lesson={lesson} name={name} />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {canWrite && (
        <section aria-labelledby="add-lesson" className="grid gap-2">
          <h3 id="add-lesson" className="text-base font-semibold text-ink">
            {t("adminCatalog.lessons.addTitle")}
          </h3>
          <LessonForm />
        </section>
      )}
    </div>
  );
}
