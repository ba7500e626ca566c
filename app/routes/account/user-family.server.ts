import { data, redirect } from "react-router";
import { formText } from "~/features/accounts/form-errors";
import { paths } from "~/lib/paths";
import { AppError } from "~server/lib/errors";
import {
  SeatParams,
  StoreAssignSeatBody,
  StoreCreateLearnerBody,
} from "~server/modules/families/families.schemas";
import type { Route } from "./+types/user-family";

/** What an action of the family page answers: an i18n key under accounts.family.errors, or done. */
export interface FamilyActionResult {
  ok: boolean;
  error: string | null;
  intent: string;
}

const ERROR_KEYS: Record<string, string> = {
  LEARNER_NOT_FOUND: "learnerNotFound",
  TOO_MANY_LEARNERS: "tooManyLearners",
  LEARNER_IS_CHILD: "learnerIsChild",
  NO_SEATS: "noSeats",
  NO_FREE_SEAT: "noFreeSeat",
  ALREADY_ENROLLED: "alreadyEnrolled",
  SEAT_NOT_FOUND: "seatNotFound",
  SEAT_NOT_ASSIGNED: "seatNotAssigned",
  LEARNER_STARTED: "learnerStarted",
};

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.customer) throw redirect(paths.signIn(new URL(request.url).pathname));
  const { families } = context.services;
  const [family, seats] = await Promise.all([
    families.listLearners(
      context.company.id,
      context.customer.customerId,
      context.customer.learnerId,
      context.language,
    ),
    families.listSeats(context.company.id, context.customer.customerId, context.language),
  ]);
  return {
    ...family,
    seats: seats.seats,
    self: { id: context.customer.customerId, name: context.customer.name },
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const customer = context.customer;
  if (!customer) throw redirect(paths.signIn(paths.userFamily()));
  const values = formText(await request.formData());
  const intent = values.intent ?? "";
  const companyId = context.company.id;
  const { families } = context.services;
  const fail = (error: string) => data<FamilyActionResult>({ ok: false, error, intent }, 400);
  try {
    if (intent === "add-learner") {
      const parsed = StoreCreateLearnerBody.safeParse({
        name: values.name ?? "",
        birthYear: values.birthYear ? Number(values.birthYear) : null,
      });
      if (!parsed.success) {
        return fail(parsed.error.issues[0]?.path[0] === "birthYear" ? "birthYearInvalid" : "nameRequired");
      }
      await families.createLearner(companyId, customer.customerId, parsed.data);
    } else if (intent === "learn-as") {
      const learnerId = values.learnerId || null;
      if (learnerId && !SeatParams.safeParse({ seatId: learnerId }).success) return fail("learnerNotFound");
      await families.learnAs(companyId, customer.customerId, customer.sessionId, learnerId);
      throw redirect(values.learnerId ? paths.userCourses() : paths.userFamily());
    } else if (intent === "assign") {
      const to = values.learner ?? "";
      const parsed = StoreAssignSeatBody.safeParse({
        courseId: values.courseId ?? "",
        ...(to === "email" ? { email: values.email ?? "" } : { learnerId: to }),
      });
      if (!parsed.success) return fail(to === "email" ? "emailInvalid" : "chooseLearner");
      await families.assignSeat(
        companyId,
        { id: customer.customerId, name: customer.name },
        parsed.data,
        context.language,
      );
    } else if (intent === "unassign") {
      const seat = SeatParams.safeParse({ seatId: values.seatId ?? "" });
      if (!seat.success) return fail("seatNotFound");
      await families.unassignSeat(companyId, customer.customerId, seat.data.seatId, context.language);
    } else {
      return fail("generic");
    }
  } catch (error) {
    if (error instanceof AppError && ERROR_KEYS[error.code]) return fail(ERROR_KEYS[error.code]!);
    throw error;
  }
  return data<FamilyActionResult>({ ok: true, error: null, intent });
}
