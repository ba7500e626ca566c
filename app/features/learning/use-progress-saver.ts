import { type RefObject, useEffect, useRef, useState } from "react";
import { saveLessonProgress } from "./api";
import type { LessonProgress } from "./types";

/** How often the position is saved while the video plays. */
const SAVE_EVERY_MS = 10_000;

/**
 * Saves an enrolled learner's place in the lesson: every ten seconds while playing, on pause,
 * when the video ends (as completed), when the lesson changes and when the page is hidden.
 * Returns whether the last save failed, so the page can say so.
 */
export function useProgressSaver({
  video,
  lessonId,
  enabled,
  onSaved,
}: {
  video: RefObject<HTMLVideoElement | null>;
  lessonId: string;
  enabled: boolean;
  onSaved: (progress: LessonProgress) => void;
}): { failed: boolean } {
  const [failed, setFailed] = useState(false);
  const lastSaved = useRef<number | null>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  useEffect(() => {
    const element = video.current;
    if (!enabled || !element) return;
    lastSaved.current = null;

    const position = () => Math.floor(element.currentTime);
    const save = (completed = false, keepalive = false) => {
      const positionSeconds = position();
      if (!completed && (positionSeconds === 0 || positionSeconds === lastSaved.current)) return;
      lastSaved.current = positionSeconds;
      saveLessonProgress(lessonId, completed ? { positionSeconds, completed } : { positionSeconds }, {
        keepalive,
      })
        .then((saved) => {
          setFailed(false);
          if (saved) onSavedRef.current(saved);
        })
        .catch(() => {
          lastSaved.current = null;
          if (!keepalive) setFailed(true);
        });
    };

    const timer = window.setInterval(() => {
      if (!element.paused && !element.ended) save();
    }, SAVE_EVERY_MS);
    const onPause = () => {
      if (!element.ended) save();
    };
    const onEnded = () => save(true);
    const onPageHide = () => save(false, true);
    const onVisibility = () => {
      if (document.visibilityState === "hidden") save(false, true);
    };
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onEnded);
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearInterval(timer);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onEnded);
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onVisibility);
      // Leaving the lesson (another lesson, another page): keep the place reached.
      if (!element.ended) save(false, true);
    };
  }, [video, lessonId, enabled]);

  return { failed };
}
