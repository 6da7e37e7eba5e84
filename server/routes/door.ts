import { apiRoute } from "../http/api-route.ts";
import { HttpError } from "../http/errors.ts";
import {
  type DoorContext,
  doorRegister,
  findVisitors,
  keepDoorChanges,
  openDoor,
} from "../use-cases/door.ts";
import { AnswerRefusal, type AnswerRefusalReason } from "../use-cases/member-answer.ts";
import type { RouteContext } from "./context.ts";

const STATUS: Record<AnswerRefusalReason, number> = {
  "not-found": 404,
  gone: 410,
  conflict: 409,
  invalid: 422,
};

/** A use case's refusal as the API answers it; anything else as it is. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AnswerRefusal)) throw error;
    throw new HttpError(STATUS[error.reason], error.message, error.field);
  }
}

/**
 * POST /mj/api/door/view, /marks and /visitors: the Tyler's register of a meeting, by the door
 * link's token (in the body, never in an address): read it, send the marks made (each once, by
 * its id), find a visitor who came before. The use cases are server/use-cases/door.ts.
 */
export function doorRoutes(ctx: RouteContext): void {
  const door: DoorContext = {
    store: ctx.store,
    data: ctx.data,
    secret: ctx.config.xsrfSecret,
    now: ctx.now,
  };
  apiRoute(ctx.app, "doorRegister", {
    handle: ({ token }) => refusing(async () => doorRegister(door, openDoor(door, token))),
  });
  apiRoute(ctx.app, "doorChanges", {
    handle: ({ token, changes }) =>
      refusing(async () => keepDoorChanges(door, openDoor(door, token), changes)),
  });
  apiRoute(ctx.app, "doorVisitors", {
    handle: ({ token, name }) =>
      refusing(async () => {
        openDoor(door, token);
        return findVisitors(door, name);
      }),
  });
}
