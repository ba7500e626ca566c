import { data } from "react-router";
import { pageConversion } from "~/features/currency/page-currency.server";
import { convertPrices } from "~server/modules/currency/convert-prices";
import { REVIEWS_PAGE_SIZE } from "~server/modules/learning/learning.schemas";
import type { Route } from "./+types/single-course";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const [stored, conversion] = await Promise.all([
    context.services.catalog.getCourse(context.company.id, params.id, context.language),
    pageConversion(context, request),
  ]);
  if (!stored) throw data(null, { status: 404 });
  const course = convertPrices(stored, conversion);
  const { learning } = context.services;
  const [learner, reviews] = await Promise.all([
    learning.learnerState(context.company.id, course.id, context.customer?.learnerId ?? null),
    // The course is found already: its first reviews are one query (decision 013, the miss path).
    learning.reviewsPage(context.company.id, stored, { page: 1, limit: REVIEWS_PAGE_SIZE }),
  ]);
  return { course, learner, reviews };
}
