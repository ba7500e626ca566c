import { Plus, Trash2 } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { AdminCard, AdminPage } from "~/components/admin/admin-page";
import { FormMessage, fieldControlClasses } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/features/admin-catalog/action-result";
import { DeleteButton } from "~/features/admin-catalog/delete-button";
import { useActionToast } from "~/features/admin-catalog/use-action-toast";
import { translator } from "~/i18n/translator";
import { useTranslation } from "~/i18n/use-translation";
import { useCan } from "~/lib/admin-layout-data";
import { adminPaths } from "~/lib/admin-paths";
import { translate } from "~shared/translatable";
import type { Route } from "./+types/lesson-quiz";

export { action, loader } from "./lesson-quiz.server";

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const root = matches[0]?.data as Parameters<typeof translator>[0] | undefined;
  if (!root || !data) return [];
  const t = translator(root);
  return [
    {
      title: t("adminCatalog.quiz.metaTitle", {
        lesson: translate(data.lesson.title as { en: string }, root.language),
      }),
    },
  ];
};

const KINDS = ["single", "multiple", "true-false", "short-answer"] as const;
type Kind = (typeof KINDS)[number];
type Texts = Record<string, string>;

interface DraftOption {
  key: string;
  id?: string;
  text: Texts;
  correct: boolean;
}
interface DraftQuestion {
  key: string;
  id?: string;
  kind: Kind;
  prompt: Texts;
  options: DraftOption[];
  answer: boolean | null;
  accepted: string;
}

let keys = 0;
const nextKey = () => `k${++keys}`;
const blankOption = (): DraftOption => ({ key: nextKey(), text: { en: "" }, correct: false });
const blankQuestion = (): DraftQuestion => ({
  key: nextKey(),
  kind: "single",
  prompt: { en: "" },
  options: [blankOption(), blankOption()],
  answer: null,
  accepted: "",
});

/** What the server's AdminQuizInput takes: only the fields of each question's kind. */
function toInput(passPercent: number, questions: DraftQuestion[]) {
  return {
    passPercent,
    questions: questions.map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      kind: question.kind,
      prompt: question.prompt,
      ...(question.kind === "single" || question.kind === "multiple"
        ? {
            options: question.options.map((option) => ({
              ...(option.id ? { id: option.id } : {}),
              text: option.text,
              correct: option.correct,
            })),
          }
        : {}),
      ...(question.kind === "true-false" && question.answer !== null ? { answer: question.answer } : {}),
      ...(question.kind === "short-answer"
        ? {
            acceptedAnswers: question.accepted
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean),
          }
        : {}),
    })),
  };
}

/** The quiz editor of one lesson: pass mark, questions of four kinds with their right answers. */
export default function LessonQuizPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { course, lesson, quiz, languages } = loaderData;
  const canWrite = useCan("catalog", "write");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const result = actionData as ActionResult | undefined;
  const success = useCallback(
    (intent: string) => (intent === "save" ? t("adminCatalog.quiz.saved") : null),
    [t],
  );
  useActionToast(result, success);
  const lessonName = translate(lesson.title as { en: string }, i18n.language);
  const courseName = translate(course.title as { en: string }, i18n.language);
  const uid = useId();

  const [passPercent, setPassPercent] = useState(quiz?.passPercent ?? 70);
  const [questions, setQuestions] = useState<DraftQuestion[]>(() =>
    quiz
      ? quiz.questions.map((question) => ({
          key: nextKey(),
          id: question.id,
          kind: question.kind,
          prompt: question.prompt as Texts,
          options:
            question.options.length > 0
              ? question.options.map((option) => ({
                  key: nextKey(),
                  id: option.id,
                  text: option.text as Texts,
                  correct: option.correct,
                }))
              : [blankOption(), blankOption()],
          answer: question.answer,
          accepted: question.acceptedAnswers.join("\n"),
        }))
      : [blankQuestion()],
  );
  const change = (index: number, patch: Partial<DraftQuestion>) =>
    setQuestions((list) => list.map((question, i) => (i === index ? { ...question, ...patch } : question)));
  const changeOption = (index: number, optionIndex: number, patch: Partial<DraftOption>, only = false) =>
    setQuestions((list) =>
      list.map((question, i) =>
        i !== index
          ? question
          : {
              ...question,
              options: question.options.map((option, o) =>
                o === optionIndex ? { ...option, ...patch } : only ? { ...option, correct: false } : option,
              ),
            },
      ),
    );

  return (
    <AdminPage
      title={t("adminCatalog.quiz.title", { lesson: lessonName })}
      description={t("adminCatalog.quiz.description")}
      back={{ to: adminPaths.course(course.id), label: t("adminCatalog.quiz.back", { course: courseName }) }}
      actions={
        canWrite && quiz ? (
          <DeleteButton
            name={t("adminCatalog.quiz.removeName", { name: lessonName })}
            label={t("adminCatalog.quiz.remove")}
            fields={{ intent: "delete" }}
          >
            {t("adminCatalog.quiz.remove")}
          </DeleteButton>
        ) : null
      }
    >
      <Form method="post" className="grid gap-6">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="quiz" value={JSON.stringify(toInput(passPercent, questions))} />
        {result && !result.ok && result.intent === "save" && <FormMessage>{result.message}</FormMessage>}
        {!quiz && <p className="text-sm text-ink-muted">{t("adminCatalog.quiz.none")}</p>}
        <AdminCard title={t("adminCatalog.quiz.passPercent")}>
          <label htmlFor={`${uid}-pass`} className="text-sm font-semibold text-ink">
            {t("adminCatalog.quiz.passPercent")}
          </label>
          <input
            id={`${uid}-pass`}
            type="number"
            min={0}
            max={100}
            step={1}
            value={passPercent}
            onChange={(event) => setPassPercent(Number(event.target.value))}
            aria-describedby={`${uid}-pass-hint`}
            className={`${fieldControlClasses} mt-1.5 max-w-40`}
          />
          <p id={`${uid}-pass-hint`} className="mt-1 text-xs text-ink-muted">
            {t("adminCatalog.quiz.passPercentHint")}
          </p>
        </AdminCard>

        {questions.map((question, index) => {
          const number = index + 1;
          const base = `${uid}-q${question.key}`;
          return (
            <AdminCard key={question.key} title={t("adminCatalog.quiz.question", { number })}>
              <div className="grid gap-4">
                <div className="grid gap-1.5 sm:max-w-xs">
                  <label htmlFor={`${base}-kind`} className="text-sm font-semibold text-ink">
                    {t("adminCatalog.quiz.kind")}
                  </label>
                  <NativeSelect
                    id={`${base}-kind`}
                    value={question.kind}
                    onChange={(event) => change(index, { kind: event.target.value as Kind })}
                  >
                    {KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`adminCatalog.quiz.kinds.${kind}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                {languages.map((language) => (
                  <div key={language.code} className="grid gap-1.5">
                    <label
                      htmlFor={`${base}-prompt-${language.code}`}
                      className="text-sm font-semibold text-ink"
                    >
                      {t("adminCatalog.quiz.prompt", { language: language.name })}
                    </label>
                    <input
                      id={`${base}-prompt-${language.code}`}
                      value={question.prompt[language.code] ?? ""}
                      required={language.code === "en"}
                      maxLength={1000}
                      onChange={(event) =>
                        change(index, { prompt: { ...question.prompt, [language.code]: event.target.value } })
                      }
                      className={fieldControlClasses}
                    />
                  </div>
                ))}

                {(question.kind === "single" || question.kind === "multiple") && (
                  <div className="grid gap-3">
                    {question.options.map((option, optionIndex) => (
                      <div
                        key={option.key}
                        className="grid gap-2 rounded-lg border border-line p-3 sm:grid-cols-[1fr_auto] sm:items-end"
                      >
                        <div className="grid gap-2">
                          {languages.map((language) => (
                            <div key={language.code} className="grid gap-1">
                              <label
                                htmlFor={`${base}-o${option.key}-${language.code}`}
                                className="text-xs font-semibold text-ink"
                              >
                                {t("adminCatalog.quiz.option", {
                                  number: optionIndex + 1,
                                  language: language.name,
                                })}
                              </label>
                              <input
                                id={`${base}-o${option.key}-${language.code}`}
                                value={option.text[language.code] ?? ""}
                                maxLength={300}
                                onChange={(event) =>
                                  changeOption(index, optionIndex, {
                                    text: { ...option.text, [language.code]: event.target.value },
                                  })
                                }
                                className={fieldControlClasses}
                              />
                            </div>
                          ))}
                        </div>
                        <div className="flex items-center gap-2">
                          <label className="flex min-h-11 cursor-pointer items-center gap-2 px-2 text-sm text-ink">
                            <input
                              type={question.kind === "single" ? "radio" : "checkbox"}
                              name={`${base}-correct`}
                              checked={option.correct}
                              onChange={(event) =>
                                changeOption(
                                  index,
                                  optionIndex,
                                  { correct: event.target.checked },
                                  question.kind === "single",
                                )
                              }
                              className="size-4"
                            />
                            {t("adminCatalog.quiz.correct")}
                          </label>
                          <Button
                            variant="ghost"
                            aria-label={t("adminCatalog.quiz.removeOption", { number: optionIndex + 1 })}
                            disabled={question.options.length <= 2}
                            onClick={() =>
                              change(index, { options: question.options.filter((_, o) => o !== optionIndex) })
                            }
                          >
                            <Trash2 aria-hidden="true" className="text-danger" />
                          </Button>
                        </div>
                      </div>
                    ))}
                    <Button
                      variant="secondary"
                      className="self-start"
                      disabled={question.options.length >= 10}
                      onClick={() => change(index, { options: [...question.options, blankOption()] })}
                    >
                      <Plus aria-hidden="true" />
                      {t("adminCatalog.quiz.addOption")}
                    </Button>
                  </div>
                )}

                {question.kind === "true-false" && (
                  <fieldset className="grid gap-2">
                    <legend className="sr-only">{t("adminCatalog.quiz.correct")}</legend>
                    {([true, false] as const).map((value) => (
                      <label
                        key={String(value)}
                        className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-ink"
                      >
                        <input
                          type="radio"
                          name={`${base}-answer`}
                          checked={question.answer === value}
                          onChange={() => change(index, { answer: value })}
                          className="size-4"
                        />
                        {value ? t("adminCatalog.quiz.answerTrue") : t("adminCatalog.quiz.answerFalse")}
                      </label>
                    ))}
                  </fieldset>
                )}

                {question.kind === "short-answer" && (
                  <div className="grid gap-1.5">
                    <label htmlFor={`${base}-accepted`} className="text-sm font-semibold text-ink">
                      {t("adminCatalog.quiz.accepted")}
                    </label>
                    <textarea
                      id={`${base}-accepted`}
                      rows={3}
                      value={question.accepted}
                      onChange={(event) => change(index, { accepted: event.target.value })}
                      aria-describedby={`${base}-accepted-hint`}
                      className={`${fieldControlClasses} py-2`}
                    />
                    <p id={`${base}-accepted-hint`} className="text-xs text-ink-muted">
                      {t("adminCatalog.quiz.acceptedHint")}
                    </p>
                  </div>
                )}

                <Button
                  variant="ghost"
                  className="self-start"
                  disabled={questions.length <= 1}
                  onClick={() => setQuestions((list) => list.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" className="text-danger" />
                  {t("adminCatalog.quiz.removeQuestion", { number })}
                </Button>
              </div>
            </AdminCard>
          );
        })}

        <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between">
          <Button
            variant="secondary"
            disabled={questions.length >= 100}
            onClick={() => setQuestions((list) => [...list, blankQuestion()])}
          >
            <Plus aria-hidden="true" />
            {t("adminCatalog.quiz.addQuestion")}
          </Button>
          {canWrite && (
            <Button type="submit" disabled={saving}>
              {saving ? t("adminCatalog.saving") : t("adminCatalog.quiz.save")}
            </Button>
          )}
        </div>
      </Form>
    </AdminPage>
  );
}
