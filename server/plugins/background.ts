import fp from "fastify-plugin";
import { isApiPath } from "../../core/api/addresses.ts";
import type { BackgroundWork } from "../work.ts";

/**
 * Counts the API's requests in flight for the mail worker (pages and pictures, and lodge dev's
 * reload stream that stays open, do not hold mail back), and starts and stops the work.
 */
export const background = fp<BackgroundWork>(async (app, { inFlight, worker, scheduler }) => {
  app.addHook("onRequest", async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const ended = inFlight.started();
    reply.raw.once("finish", ended);
    reply.raw.once("close", ended);
  });
  app.addHook("onReady", async () => {
    worker.start();
    scheduler.start();
  });
  app.addHook("onClose", async () => {
    await scheduler.stop();
    await worker.stop();
  });
});
