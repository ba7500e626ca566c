import { Captions, Paperclip, Upload } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { TextField } from "~/components/admin/form-fields";
import { notify } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/use-translation";
import type { AdminLesson } from "~server/modules/catalog/catalog-admin.schemas";
import { CAPTIONS_MAX_BYTES, RESOURCE_MAX_BYTES } from "~shared/lesson-files.limits";
import { DeleteButton } from "./delete-button";

/** A button-like label around a hidden file input: picks one file and hands it over. */
export function FileButton({
  text,
  label,
  accept,
  disabled,
  onFile,
}: {
  text: string;
  label: string;
  accept: string;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-primary-ink focus-within:outline-3 focus-within:outline-focus hover:bg-sunken">
      <Upload aria-hidden="true" className="size-4" />
      <span>{text}</span>
      <input
        type="file"
        accept={accept}
        className="sr-only"
        aria-label={label}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = "";
        }}
      />
    </label>
  );
}

/** Sends a file to the API as the request body (the server checks its type by content), then reloads. */
function useFileUpload() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const send = async (url: string, method: "POST" | "PUT", file: File, max: number, done: string) => {
    if (file.size > max) {
      notify.error(t("adminCatalog.lessons.tooLarge", { size: max / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(url, {
        method,
        body: file,
        headers: { "content-type": "application/octet-stream" },
        credentials: "same-origin",
      });
      const body = (await response.json()) as { message?: string };
      if (!response.ok) notify.error(body.message ?? t("adminCatalog.uploadFailed"));
      else {
        notify.success(done);
        await revalidator.revalidate();
      }
    } catch {
      notify.error(t("adminCatalog.uploadFailed"));
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}

/** A lesson's resources (download files) and WebVTT captions: list, add, remove. */
export function LessonFilesEditor({
  courseId,
  lesson,
  name,
}: {
  courseId: string;
  lesson: AdminLesson;
  name: string;
}) {
  const { t, i18n } = useTranslation();
  const { busy, send } = useFileUpload();
  const [language, setLanguage] = useState(i18n.language.split("-")[0] ?? "en");
  const [label, setLabel] = useState("");
  const base = `/api/admin/courses/${courseId}/lessons/${lesson.id}`;

  return (
    <section
      aria-label={t("adminCatalog.lessons.filesTitle")}
      className="mt-3 grid gap-4 rounded-lg border border-line p-4 sm:grid-cols-2"
    >
      <div className="grid content-start gap-2">
        <h4 className="flex items-center gap-1.5 font-semibold text-ink">
          <Paperclip aria-hidden="true" className="size-4" />
          {t("adminCatalog.lessons.resources")}
        </h4>
        <p className="text-xs text-ink-muted">{t("adminCatalog.lessons.resourcesHint")}</p>
        {lesson.resources.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("adminCatalog.lessons.noResources")}</p>
        ) : (
          <ul className="grid gap-1">
            {lesson.resources.map((file) => (
              <li key={file.id} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate">{file.name}</span>
                <DeleteButton
                  name={file.name}
                  label={t("adminCatalog.lessons.deleteFile", { name: file.name })}
                  fields={{ intent: "delete-resource", lessonId: lesson.id, fileId: file.id }}
                />
              </li>
            ))}
          </ul>
        )}
        <FileButton
          text={busy ? t("adminCatalog.uploading") : t("adminCatalog.lessons.uploadResource")}
          label={t("adminCatalog.lessons.uploadResourceFor", { name })}
          accept="application/pdf,image/png,image/jpeg,image/webp,image/gif,audio/*"
          disabled={busy}
          onFile={(file) =>
            void send(
              `${base}/resources?name=${encodeURIComponent(file.name)}`,
              "POST",
              file,
              RESOURCE_MAX_BYTES,
              t("adminCatalog.lessons.resourceUploaded"),
            )
          }
        />
      </div>

      <div className="grid content-start gap-2">
        <h4 className="flex items-center gap-1.5 font-semibold text-ink">
          <Captions aria-hidden="true" className="size-4" />
          {t("adminCatalog.lessons.captions")}
        </h4>
        <p className="text-xs text-ink-muted">{t("adminCatalog.lessons.captionsHint")}</p>
        {lesson.captions.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("adminCatalog.lessons.noCaptions")}</p>
        ) : (
          <ul className="grid gap-1">
            {lesson.captions.map((track) => (
              <li key={track.id} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate">
                  {track.name} ({track.language})
                </span>
                <DeleteButton
                  name={`${track.name} (${track.language})`}
                  label={t("adminCatalog.lessons.deleteCaptions", { language: track.language })}
                  fields={{ intent: "delete-captions", lessonId: lesson.id, language: track.language ?? "" }}
                />
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField
            label={t("adminCatalog.lessons.captionsLanguage")}
            value={language}
            onChange={setLanguage}
          />
          <TextField
            label={t("adminCatalog.lessons.captionsLabel")}
            description={t("adminCatalog.lessons.captionsLabelHint")}
            value={label}
            onChange={setLabel}
          />
        </div>
        <FileButton
          text={busy ? t("adminCatalog.uploading") : t("adminCatalog.lessons.uploadCaptions")}
          label={t("adminCatalog.lessons.uploadCaptionsFor", { name })}
          accept=".vtt,text/vtt"
          disabled={busy}
          onFile={(file) => {
            const query = label.trim() ? `?label=${encodeURIComponent(label.trim())}` : "";
            void send(
              `${base}/captions/${encodeURIComponent(language.trim() || "en")}${query}`,
              "PUT",
              file,
              CAPTIONS_MAX_BYTES,
              t("adminCatalog.lessons.captionsUploaded"),
            );
          }}
        />
      </div>
    </section>
  );
}
