import type { GivenAnswer } from "../../core/rules/answers.ts";
import { apiRoute } from "../http/api-route.ts";
import {
  answeredView,
  giveMemberAnswer,
  memberAnswerView,
  openAnswerLink,
} from "../use-cases/member-answer.ts";
import { originOf, type RouteContext } from "./context.ts";

/**
 * POST /mj/api/summons/view and /answer: a member's answer to the summons of an event, by the
 * token of his summons' links (in the body, never in an address). Viewing changes nothing;
 * answering is the use case's (server/use-cases/member-answer.ts).
 */
export function summonsRoutes(ctx: RouteContext): void {
  const { app, useCases } = ctx;
  apiRoute(app, "memberAnswer", {
    handle: async ({ token }) => {
      const { member, event } = await openAnswerLink(useCases, token);
      return memberAnswerView(useCases, member, event);
    },
  });
  apiRoute(app, "answerSummons", {
    handle: async (body, request) => {
      const { member, event } = await openAnswerLink(useCases, body.token);
      const given: GivenAnswer = {
        answer: body.answer,
        ...(body.answer === "dining" && body.meal ? { meal: body.meal } : {}),
      };
      const siteBase = useCases.data().lodge.siteUrl || originOf(request);
      const asked = { member, event, given, siteBase, by: "member" as const };
      const { answer } = await giveMemberAnswer(useCases, asked);
      return answeredView(useCases, asked, answer);
    },
  });
}
