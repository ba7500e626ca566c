import { z } from "zod";
import { CustomerCourse } from "../learning/learning.schemas";

/** The most learner profiles one family account may have. */
export const MAX_LEARNER_PROFILES = 20;

export const StoreCreateLearnerBody = z
  .strictObject({
    name: z
      .string({ message: "Enter the learner's name." })
      .trim()
      .min(1, "Enter the learner's name.")
      .max(120, "The name can have at most 120 characters."),
    birthYear: z
      .number({ message: "Enter the year of birth as a number." })
      .int("Enter the year of birth as a number.")
      .min(1900, "Enter a year of birth from 1900 on.")
      .max(2100, "Enter a year of birth that has begun.")
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .describe("A child's learner profile: a name and an optional year of birth (no email needed)");
export type StoreCreateLearnerBody = z.output<typeof StoreCreateLearnerBody>;

export const Learner = z
  .object({
    id: z.uuid(),
    name: z.string(),
    birthYear: z.number().int().nullable(),
    courses: z.array(CustomerCourse).describe("The child's own courses, progress and certificates"),
  })
  .meta({ id: "LearnerProfile" });
export type Learner = z.output<typeof Learner>;

export const LearnerList = z
  .object({
    learners: z.array(Learner),
    learningAs: z
      .uuid()
      .nullable()
      .describe("The learner profile this session is learning as (null: oneself)"),
  })
  .meta({ id: "LearnerProfileList" });
export type LearnerList = z.output<typeof LearnerList>;

export const StoreLearningAsBody = z
  .strictObject({
    learnerId: z
      .uuid({ message: "learnerId must be a learner profile's id" })
      .nullable()
      .describe("One of the account's learner profiles, or null to learn as oneself again"),
  })
  .describe("Switch the session to learn as one of the account's children, or back");

export const LearningAs = z
  .object({ learner: z.object({ id: z.uuid(), name: z.string() }).nullable() })
  .meta({ id: "LearningAs" });

export const SeatLearner = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable().describe("null for a child's learner profile"),
  child: z.boolean(),
  started: z
    .boolean()
    .describe("The learner has progress in the course: the seat can no longer be taken back"),
});

export const Seat = z
  .object({
    id: z.uuid(),
    courseId: z.uuid(),
    courseTitle: z.string(),
    orderNumber: z.number().int(),
    learner: SeatLearner.nullable().describe("null: not assigned yet"),
    assignedAt: z.string().nullable().describe("ISO 8601"),
  })
  .meta({ id: "CourseSeat" });
export type Seat = z.output<typeof Seat>;

export const SeatList = z.object({ seats: z.array(Seat) }).meta({ id: "CourseSeatList" });
export type SeatList = z.output<typeof SeatList>;

export const StoreAssignSeatBody = z
  .strictObject({
    courseId: z.uuid({ message: "courseId must be a course id" }),
    learnerId: z.uuid({ message: "learnerId must be a learner profile's id" }).optional(),
    email: z
      .string()
      .trim()
      .max(254, "email must have at most 254 characters")
      .pipe(z.email({ message: "Enter a valid email address." }))
      .transform((value) => value.toLowerCase())
      .optional(),
    name: z.string().trim().max(120, "The name can have at most 120 characters.").optional(),
  })
  .refine((body) => (body.learnerId === undefined) !== (body.email === undefined), {
    message: "Choose one of your children or enter the learner's email address.",
    path: ["email"],
  })
  .describe(
    "Assign a free seat of the course: to one of the buyer's learner profiles (learnerId), or to a " +
      "learner by email (an account is made when needed and a magic sign-in link is mailed)",
  );
export type StoreAssignSeatBody = z.output<typeof StoreAssignSeatBody>;

export const SeatParams = z.strictObject({ seatId: z.uuid({ message: "seatId must be a UUID" }) });
