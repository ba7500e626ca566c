import { describe, expect, it } from "vitest";
import type { StoredQuizQuestion } from "./learning.tables";
import { checkAnswers, gradeQuiz, normaliseAnswer } from "./quiz-grading";

const question = (
  over: Partial<StoredQuizQuestion> & Pick<StoredQuizQuestion, "id" | "kind">,
): StoredQuizQuestion => ({
  prompt: { en: "?" },
  options: [],
  answer: null,
  acceptedAnswers: [],
  ...over,
});

const quiz: StoredQuizQuestion[] = [
  question({
    id: "q1",
    kind: "single",
    options: [
      { id: "a", text: { en: "A" }, correct: false },
      { id: "b", text: { en: "B" }, correct: true },
    ],
  }),
  question({
    id: "q2",
    kind: "multiple",
    options: [
      { id: "x", text: { en: "X" }, correct: true },
      { id: "y", text: { en: "Y" }, correct: false },
      { id: "z", text: { en: "Z" }, correct: true },
    ],
  }),
  question({ id: "q3", kind: "true-false", answer: false }),
  question({ id: "q4", kind: "short-answer", acceptedAnswers: ["New  York", "NYC"] }),
];

describe("quiz grading", () => {
  it("compares typed answers trimmed, case-insensitively and with inner spaces collapsed", () => {
    expect(normaliseAnswer("  new   YORK ")).toBe(normaliseAnswer("New York"));
  });

  it("grades all four kinds; multiple choice is all or nothing", () => {
    const right = { q1: "b", q2: ["z", "x"], q3: false, q4: " nyc " };
    expect(gradeQuiz(quiz, right, 100)).toEqual({
      correctCount: 4,
      questionCount: 4,
      scorePercent: 100,
      passed: true,
      wrongQuestionIds: [],
    });
    const half = { q1: "a", q2: ["x"], q3: false, q4: "new york" };
    expect(gradeQuiz(quiz, half, 50)).toMatchObject({
      scorePercent: 50,
      passed: true,
      wrongQuestionIds: ["q1", "q2"],
    });
    expect(gradeQuiz(quiz, half, 51).passed).toBe(false);
  });

  it("passes on whole numbers: 2 of 3 passes a 66 % mark and fails a 67 % one", () => {
    const three = quiz.slice(0, 3);
    const answers = { q1: "b", q2: ["x", "z"], q3: true };
    expect(gradeQuiz(three, answers, 66)).toMatchObject({ scorePercent: 66, passed: true });
    expect(gradeQuiz(three, answers, 67).passed).toBe(false);
  });

  it("refuses missing, unknown and unfitting answers", () => {
    const right = { q1: "b", q2: ["x", "z"], q3: false, q4: "nyc" };
    expect(() => checkAnswers(quiz, right)).not.toThrow();
    expect(() => checkAnswers(quiz, { ...right, q1: undefined as never })).toThrow(
      /Question 1 has no answer/,
    );
    expect(() => checkAnswers(quiz, { ...right, q1: "x" })).toThrow(/question 1 does not fit/);
    expect(() => checkAnswers(quiz, { ...right, q2: ["x", "x"] })).toThrow(/question 2 does not fit/);
    expect(() => checkAnswers(quiz, { ...right, q3: "false" })).toThrow(/question 3 does not fit/);
    expect(() => checkAnswers(quiz, { ...right, q4: "   " })).toThrow(/question 4 does not fit/);
    expect(() => checkAnswers(quiz, { ...right, q9: true })).toThrow(/no question "q9"/);
  });
});
