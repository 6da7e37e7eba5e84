import type { FastifyRequest } from "fastify";
import type { GivenAnswer } from "../../core/rules/answers.ts";
import { apiRoute } from "../http/api-route.ts";
import { HttpError } from "../http/errors.ts";
import {
  type AnswerContext,
  AnswerRefusal,
  type AnswerRefusalReason,
  answeredView,
  giveMemberAnswer,
  memberAnswerView,
  openAnswerLink,
} from "../use-cases/member-answer.ts";
import { type RouteContext, waitlistOf } from "./context.ts";
import { siteBase } from "./manage-rsvp.ts";

const STATUS: Record<AnswerRefusalReason, number> = {
  "not-found": 404,
  gone: 410,
  conflict: 409,
  invalid: 422,
};

/** A use case's refusal as the API answers it; anything else as it is. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AnswerRefusal)) throw error;
    throw new HttpError(STATUS[error.reason], error.message, error.field);
  }
}

/**
 * POST /mj/api/summons/view and /answer: a member's answer to the summons of an event, by the
 * token of his summons' links (in the body, never in an address). Viewing changes nothing;
 * answering is the use case's (server/use-cases/member-answer.ts).
 */
export function summonsRoutes(ctx: RouteContext): void {
  const answers: AnswerContext = {
    ...waitlistOf(ctx),
    now: ctx.now,
    queued: () => ctx.worker.kick(),
  };

  apiRoute(ctx.app, "memberAnswer", {
    handle: ({ token }) =>
      answering(async () => {
        const { member, event } = await openAnswerLink(answers, token);
        return memberAnswerView(answers, member, event);
      }),
  });

  apiRoute(ctx.app, "answerSummons", {
    handle: (body, request: FastifyRequest) =>
      answering(async () => {
        const { member, event } = await openAnswerLink(answers, body.token);
        const given: GivenAnswer = {
          answer: body.answer,
          ...(body.answer === "dining" && body.meal ? { meal: body.meal } : {}),
        };
        const base = siteBase(ctx.data().lodge.siteUrl, request);
        const asked = { member, event, given, siteBase: base, by: "member" as const };
        const { answer } = await giveMemberAnswer(answers, asked);
        return answeredView(answers, asked, answer);
      }),
  });
}
