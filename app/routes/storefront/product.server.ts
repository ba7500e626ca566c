import { data } from "react-router";
import { pageConversion } from "~/features/currency/page-currency.server";
import { AppError } from "~server/lib/errors";
import type { Route } from "./+types/product";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const conversion = await pageConversion(context, request);
  const product = await context.services.storeProducts
    .get(context.company.id, params.slug, context.language, conversion)
    .catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    });
  return { product };
}
