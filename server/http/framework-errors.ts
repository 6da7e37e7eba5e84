import type { FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";

/** Messages for what fastify refuses before a route sees the request. */
export function clientMessage(
  error: { code?: string; message: string },
  bodyLimit: number,
): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Send the form as JSON, with the header Content-Type: application/json.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return `The form is larger than ${Math.floor(bodyLimit / 1024)} KB; shorten the message and send it again.`;
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The form arrived empty; send its fields as a JSON object.";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The form is not valid JSON; send its fields as a JSON object.";
    case "FST_ERR_BAD_URL":
      return "This address is not valid: a % in it must be followed by two hexadecimal digits. Check the link and try again.";
    default:
      return "The request could not be read. Reload the page and try again.";
  }
}

type Secure = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * A malformed address is refused before any hook runs: it gets the headers and the error shape
 * of every other answer all the same (fastify's `frameworkErrors`).
 */
export function frameworkErrors(
  secure: Secure,
  bodyLimit: number,
): FastifyServerOptions["frameworkErrors"] {
  return (error, request, raw) => {
    const reply = raw as unknown as FastifyReply;
    secure(request, reply);
    reply
      .code(400)
      .header("cache-control", "no-store")
      .send({ message: clientMessage(error, bodyLimit) });
    // No hook runs for it, the one that logs requests included.
    request.log.info({ req: request, res: reply, ms: 0 }, "request answered");
  };
}
