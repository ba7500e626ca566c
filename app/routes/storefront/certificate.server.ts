import { data } from "react-router";
import { AppError } from "~server/lib/errors";
import type { Route } from "./+types/certificate";

/**
 * The public verification of a certificate by its code: who completed which course, when, at which
 * school. An unknown code is a 404 that says so. Kept out of search engines (it names a person).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const code = params.code.trim().slice(0, 40);
  try {
    const certificate = await context.services.learning.verifyCertificate(
      context.company.id,
      code,
      context.language,
    );
    return { code: certificate.code, certificate };
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      return data({ code, certificate: null }, { status: 404 });
    throw error;
  }
}
