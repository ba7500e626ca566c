import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { lessonVideoUrl } from "./api";
import type { LessonContent, LessonProgress, PlayerLesson } from "./types";
import { useProgressSaver } from "./use-progress-saver";

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;
}

/**
 * The native video player for a lesson the visitor may watch. It resumes at the stored position,
 * saves progress for enrolled learners and calls `onEnded` when the lesson has played to the end.
 */
export function LessonPlayer({
  lesson,
  captions = [],
  poster,
  saveProgress,
  autoPlay,
  onSaved,
  onEnded,
}: {
  lesson: PlayerLesson;
  /** The lesson's caption tracks (WebVTT), one per language. */
  captions?: LessonContent["captions"];
  /** Shown before the video plays (the course's cover image). */
  poster: string | null;
  saveProgress: boolean;
  autoPlay: boolean;
  onSaved: (progress: LessonProgress) => void;
  onEnded: () => void;
}) {
  const { t, i18n } = useTranslation();
  // Captions on by default, in the page's language when the lesson has them.
  const shown = Math.max(
    0,
    captions.findIndex((track) => track.language.split("-")[0] === i18n.language),
  );
  const video = useRef<HTMLVideoElement>(null);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const { failed } = useProgressSaver({ video, lessonId: lesson.id, enabled: saveProgress, onSaved });
  const startAt = lesson.completed ? 0 : lesson.positionSeconds;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setResumedAt(null);
    const start = () => {
      // Resume unless the stored place is at the very end (then start over).
      if (startAt > 0 && startAt < element.duration - 1) {
        element.currentTime = startAt;
        setResumedAt(startAt);
      }
      if (autoPlay) element.play().catch(() => undefined);
    };
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) start();
    else element.addEventListener("loadedmetadata", start, { once: true });
    return () => element.removeEventListener("loadedmetadata", start);
  }, [startAt, autoPlay]);

  return (
    <div>
      <div className="overflow-hidden rounded-2xl bg-inverse-deep shadow-raised">
        {/* biome-ignore lint/a11y/useMediaCaption: tracks come from the lesson's captions; the demo videos have none */}
        <video
          key={lesson.id}
          ref={video}
          src={lessonVideoUrl(lesson.id)}
          poster={poster ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={t("learning.player.videoLabel", { title: lesson.title })}
          onEnded={onEnded}
          className="aspect-video w-full bg-inverse-deep"
          data-testid="lesson-video"
        >
          {captions.map((track, index) => (
            <track
              key={track.language}
              kind="captions"
              src={track.url}
              srcLang={track.language}
              label={track.label}
              default={index === shown}
            />
          ))}
          {t("learning.player.noVideoSupport")}
        </video>
      </div>
      <div aria-live="polite" className="mt-2 min-h-5 text-sm text-ink-muted">
        {failed ? (
          <span className="text-accent">{t("learning.player.saveFailed")}</span>
        ) : resumedAt !== null ? (
          t("learning.player.resumed", { time: clock(resumedAt) })
        ) : null}
      </div>
    </div>
  );
}
