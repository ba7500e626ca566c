import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * One access-log line per request, written when it is answered (`request completed`, with the
 * request's method, URL, host and address beside the status and time), instead of Fastify's two: each
 * line is serialised and written to stdout while the request waits, so two lines cost twice
 * (decision 036). Errors are logged as before.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {
    // Logged with the answer: requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
