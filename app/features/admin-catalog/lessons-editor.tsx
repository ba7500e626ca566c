import { ArrowDown, ArrowUp, Film, Pencil, Trash2, Upload } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useRevalidator } from "react-router";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { Checkbox, TextField } from "~/components/admin/form-fields";
import { TranslatableField } from "~/components/admin/translatable-field";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import type { AdminLesson } from "~server/modules/catalog/catalog-admin.schemas";
import { translate } from "~shared/translatable";
import { type ActionResult, translatableErrors } from "./action-result";

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** Add or edit one lesson (posts intent add-lesson / update-lesson to the course page's action). */
function LessonForm({ lesson, onDone }: { lesson?: AdminLesson; onDone?: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const link = lesson?.videoUrl && /^https:/i.test(lesson.videoUrl) ? lesson.videoUrl : "";

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
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-primary-ink focus-within:outline-3 focus-within:outline-focus hover:bg-sunken">
      <Upload aria-hidden="true" className="size-4" />
      <span>{busy ? t("adminCatalog.uploading") : t("adminCatalog.lessons.uploadVideo")}</span>
      <input
        type="file"
        accept="video/webm,video/mp4"
        className="sr-only"
        aria-label={t("adminCatalog.lessons.uploadVideoFor", { name })}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
          event.target.value = "";
        }}
      />
    </label>
  );
}

/** A trash button that asks the spec's delete question before posting `fields`. */
export function DeleteButton({
  name,
  label,
  fields,
  action,
  children,
}: {
  name: string;
  label: string;
  fields: Record<string, string>;
  action?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={children ? "secondary" : "ghost"}
        aria-label={children ? undefined : label}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" className="text-danger" />
        {children}
      </Button>
      <ConfirmDeleteDialog
        isOpen={open}
        onOpenChange={setOpen}
        name={name}
        submission={{ fields, ...(action ? { action } : {}) }}
        onDone={(result) => {
          const outcome = result as ActionResult | undefined;
          if (outcome && !outcome.ok) notify.error(outcome.message);
        }}
      />
    </>
  );
}

/** The lessons of a course: ordered list with move up/down, edit, video upload, delete; add form below. */
export function LessonsEditor({
  courseId,
  lessons,
  canWrite,
}: {
  courseId: string;
  lessons: AdminLesson[];
  canWrite: boolean;
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
                      <span className="inline-flex items-center gap-1">
                        <Film aria-hidden="true" className="size-3.5" />
                        {lesson.videoUrl
                          ? t("adminCatalog.lessons.hasVideo")
                          : t("adminCatalog.lessons.noVideo")}
                      </span>
                    </p>
                  </div>
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
