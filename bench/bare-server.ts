// The reference for the API benchmark: fastify answering the RSVP path without doing anything.
import Fastify from "fastify";
import { API_ROUTES } from "../core/api/routes.ts";

const app = Fastify();
app.post(API_ROUTES.eventRsvp.path, async () => ({ message: "ok" }));
const url = await app.listen({ host: "127.0.0.1", port: 0 });
console.log(url);
// Closed, the server leaves nothing running and Node ends by itself; process.exit() can hang
// Node 24 at shutdown (nodejs/node#64274).
process.on("SIGTERM", () => void app.close());
