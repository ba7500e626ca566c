/** Progress figures of one course, from its lessons (in order) and the learner's progress rows. */
export interface ProgressSummary {
  completedLessons: number;
  totalLessons: number;
  percent: number;
  lastLessonId: string | null;
  continueLessonId: string | null;
}

export function summariseProgress(
  lessonIds: string[],
  progress: { lessonId: string; completed: boolean; updatedAt: Date }[],
): ProgressSummary {
  const known = new Set(lessonIds);
  const rows = progress.filter((row) => known.has(row.lessonId));
  const completed = new Set(rows.filter((row) => row.completed).map((row) => row.lessonId));
  const last = rows.reduce<(typeof rows)[number] | null>(
    (latest, row) => (!latest || row.updatedAt > latest.updatedAt ? row : latest),
    null,
  );
  let continueLessonId = last?.lessonId ?? lessonIds[0] ?? null;
  if (last?.completed) {
    // Carry on with the next lesson not yet done, after the last one watched (then from the start).
    const from = lessonIds.indexOf(last.lessonId);
    const order = [...lessonIds.slice(from + 1), ...lessonIds.slice(0, from + 1)];
    continueLessonId = order.find((id) => !completed.has(id)) ?? last.lessonId;
  }
  return {
    completedLessons: completed.size,
    totalLessons: lessonIds.length,
    percent: lessonIds.length === 0 ? 0 : Math.round((completed.size * 100) / lessonIds.length),
    lastLessonId: last?.lessonId ?? null,
    continueLessonId,
  };
}
