import { badRequest } from "../../lib/errors";
import type { StoredQuizQuestion } from "./learning.tables";
import type { QuizAnswer } from "./quiz.schemas";

export interface QuizGrade {
  correctCount: number;
  questionCount: number;
  scorePercent: number;
  passed: boolean;
  wrongQuestionIds: string[];
}

/** How typed answers are compared: trimmed, inner spaces collapsed, case-insensitive. */
export const normaliseAnswer = (text: string) => text.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");

const ANSWER_EVERY = "Answer every question before you submit the quiz.";

/**
 * Checks that every question has an answer of its kind (an option of the question, true or false, some
 * text); a bad or missing answer refuses the whole attempt, so nothing is stored for it.
 */
export function checkAnswers(questions: StoredQuizQuestion[], answers: Record<string, QuizAnswer>): void {
  const known = new Set(questions.map((question) => question.id));
  const unknown = Object.keys(answers).find((id) => !known.has(id));
  if (unknown) throw badRequest(`The quiz has no question "${unknown}".`);
  for (const [index, question] of questions.entries()) {
    const answer = answers[question.id];
    const number = index + 1;
    if (answer === undefined) throw badRequest(`${ANSWER_EVERY} Question ${number} has no answer.`);
    const options = new Set(question.options.map((option) => option.id));
    const fits =
      question.kind === "single"
        ? typeof answer === "string" && options.has(answer)
        : question.kind === "multiple"
          ? Array.isArray(answer) &&
            answer.length > 0 &&
            new Set(answer).size === answer.length &&
            answer.every((id) => options.has(id))
          : question.kind === "true-false"
            ? typeof answer === "boolean"
            : typeof answer === "string" && answer.trim().length > 0;
    if (!fits) throw badRequest(`${ANSWER_EVERY} The answer to question ${number} does not fit it.`);
  }
}

function isRight(question: StoredQuizQuestion, answer: QuizAnswer): boolean {
  switch (question.kind) {
    case "single":
      return question.options.some((option) => option.correct && option.id === answer);
    case "multiple": {
      // All or nothing: exactly the right options, no more and no fewer.
      const right = question.options.filter((option) => option.correct).map((option) => option.id);
      const chosen = new Set(Array.isArray(answer) ? answer : []);
      return chosen.size === right.length && right.every((id) => chosen.has(id));
    }
    case "true-false":
      return answer === question.answer;
    case "short-answer":
      return (
        typeof answer === "string" &&
        question.acceptedAnswers.some((accepted) => normaliseAnswer(accepted) === normaliseAnswer(answer))
      );
  }
}

/** Grades checked answers; passed when the share of right answers reaches the pass mark. */
export function gradeQuiz(
  questions: StoredQuizQuestion[],
  answers: Record<string, QuizAnswer>,
  passPercent: number,
): QuizGrade {
  const wrongQuestionIds = questions
    .filter((question) => !isRight(question, answers[question.id]!))
    .map((question) => question.id);
  const questionCount = questions.length;
  const correctCount = questionCount - wrongQuestionIds.length;
  return {
    correctCount,
    questionCount,
    scorePercent: questionCount === 0 ? 0 : Math.floor((correctCount * 100) / questionCount),
    // Compared in whole numbers: 2 of 3 right passes a 66 % mark and fails a 67 % one.
    passed: correctCount * 100 >= passPercent * questionCount,
    wrongQuestionIds,
  };
}
