import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorResponse } from "../../plugins/openapi";
import { CONTACT_SENT_ANSWER, ContactAnswer, StoreContactBody } from "./contact.schemas";

/** The storefront's contact form for API clients: the same service, limits and honeypot as /contact-us. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contact } = app.services;

  app.post(
    "/contact",
    {
      schema: {
        tags: ["Content"],
        summary:
          "Send a message to the school (rate-limited; the same answer when the honeypot is filled in)",
        body: StoreContactBody,
        response: { 202: ContactAnswer, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      await contact.send(request.company.id, request.body, {
        language: request.language,
        client: { ip: request.ip },
      });
      return reply.status(202).send({ message: CONTACT_SENT_ANSWER });
    },
  );
};
