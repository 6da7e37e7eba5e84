// The reference for the API benchmark: fastify answering the RSVP path without doing anything.
import Fastify from "fastify";

const app = Fastify();
app.post("/mj/api/rsvp", async () => ({ message: "ok" }));
const url = await app.listen({ host: "127.0.0.1", port: 0 });
console.log(url);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
