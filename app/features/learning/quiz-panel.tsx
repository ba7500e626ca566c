import { CheckCircle2, RotateCcw, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import type { LearnerQuiz, SubmittedQuizAttempt } from "./types";

/** What the course video page's action answers a quiz submission. */
export type QuizActionResult = { ok: true; result: SubmittedQuizAttempt } | { ok: false; message: string };

const choiceClasses =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 text-ink hover:bg-sunken has-[:checked]:border-primary has-[:checked]:bg-primary-soft";

/**
 * A quiz lesson in the player: its questions (no answers: those stay on the server), a form that the
 * page's action grades, then the score, pass or fail and which answers were not right.
 */
export function QuizPanel({
  quiz,
  actionData,
}: {
  quiz: LearnerQuiz;
  actionData: QuizActionResult | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "quiz";
  const [dismissed, setDismissed] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const result = actionData?.ok && actionData.result.id !== dismissed ? actionData.result : null;
  const wrong = new Set(result?.wrongQuestionIds ?? []);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  return (
    <section
      aria-labelledby="quiz-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <h2 id="quiz-title" className="text-xl font-bold text-ink">
        {t("learning.quiz.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {t("learning.quiz.intro", { count: quiz.questions.length, pass: quiz.passPercent })}
      </p>
      {quiz.attemptCount > 0 && (
        <p className="mt-1 text-sm text-ink-muted">
          {t("learning.quiz.attempts", { count: quiz.attemptCount, best: quiz.bestScorePercent ?? 0 })}
        </p>
      )}
      {quiz.passed && !result && (
        <p className="mt-2 text-sm font-medium text-primary-ink">{t("learning.quiz.alreadyPassed")}</p>
      )}

      {result && (
        <div
          ref={resultRef}
          tabIndex={-1}
          role="status"
          className={cn(
            "mt-4 rounded-xl border p-4",
            result.passed ? "border-primary bg-primary-soft text-on-primary-soft" : "border-danger text-ink",
          )}
        >
          <p className="flex items-center gap-2 text-lg font-bold">
            {result.passed ? (
              <CheckCircle2 aria-hidden="true" className="size-5 text-primary-ink" />
            ) : (
              <XCircle aria-hidden="true" className="size-5 text-danger" />
            )}
            {result.passed
              ? t("learning.quiz.passed", { score: result.scorePercent })
              : t("learning.quiz.failed", { score: result.scorePercent, pass: result.passPercent })}
          </p>
          <p className="mt-1 text-sm">
            {t("learning.quiz.correctCount", { correct: result.correctCount, total: result.questionCount })}
          </p>
        </div>
      )}
      {actionData && !actionData.ok && (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {actionData.message}
        </p>
      )}

      <Form method="post" className="mt-5 grid gap-5" key={dismissed ?? "first"}>
        <input type="hidden" name="intent" value="quiz" />
        <input type="hidden" name="lessonId" value={quiz.lessonId} />
        {quiz.questions.map((question, index) => {
          const name = `q.${question.id}`;
          const mark = result ? (wrong.has(question.id) ? "wrong" : "right") : null;
          return (
            <fieldset
              key={question.id}
              className={cn(
                "grid gap-2 rounded-xl border p-4",
                mark === "wrong" ? "border-danger" : mark === "right" ? "border-primary" : "border-line",
              )}
            >
              <legend className="px-1 text-sm font-semibold text-ink-muted">
                {t("learning.quiz.questionLabel", { number: index + 1 })}
                {mark && (
                  <span
                    className={cn("ml-2 font-bold", mark === "wrong" ? "text-danger" : "text-primary-ink")}
                  >
                    {mark === "wrong" ? t("learning.quiz.wrong") : t("learning.quiz.right")}
                  </span>
                )}
              </legend>
              <p className="text-base font-medium text-ink">{question.prompt}</p>
              {question.kind === "single" || question.kind === "multiple" ? (
                <>
                  <p className="text-xs text-ink-muted">
                    {question.kind === "single" ? t("learning.quiz.chooseOne") : t("learning.quiz.chooseAll")}
                  </p>
                  {question.options.map((option) => (
                    <label key={option.id} className={choiceClasses}>
                      <input
                        type={question.kind === "single" ? "radio" : "checkbox"}
                        name={name}
                        value={option.id}
                        required={question.kind === "single"}
                        className="size-4 accent-[var(--color-primary)]"
                      />
                      <span>{option.text}</span>
                    </label>
                  ))}
                </>
              ) : question.kind === "true-false" ? (
                <div className="grid gap-2 sm:grid-cols-2">
                  {(["true", "false"] as const).map((value) => (
                    <label key={value} className={choiceClasses}>
                      <input
                        type="radio"
                        name={name}
                        value={value}
                        required
                        className="size-4 accent-[var(--color-primary)]"
                      />
                      <span>{t(`learning.quiz.${value}`)}</span>
                    </label>
                  ))}
                </div>
              ) : (
                <label className="grid gap-1 text-sm text-ink-muted">
                  {t("learning.quiz.typeAnswer")}
                  <input
                    type="text"
                    name={name}
                    required
                    maxLength={500}
                    autoComplete="off"
                    className="min-h-11 rounded-lg border border-line bg-surface px-3 text-base text-ink"
                  />
                </label>
              )}
            </fieldset>
          );
        })}
        <div className="flex flex-wrap gap-3">
          {result ? (
            <Button type="button" variant="secondary" onClick={() => setDismissed(result.id)}>
              <RotateCcw aria-hidden="true" />
              {t("learning.quiz.retry")}
            </Button>
          ) : (
            <Button type="submit" disabled={submitting}>
              {submitting ? t("learning.quiz.submitting") : t("learning.quiz.submit")}
            </Button>
          )}
        </div>
      </Form>
    </section>
  );
}
