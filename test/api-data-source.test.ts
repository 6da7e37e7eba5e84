import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildEventRsvpPayload } from "../core/rules/index.ts";
import type { LodgeData } from "../core/schemas/index.ts";
import {
  PLAIN_RSVP_FORM,
  startServer,
  type TestServer,
  testData,
  testEvent,
} from "./support/api-harness.ts";
import { parseMail } from "./support/mime.ts";

const started: TestServer[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
});

/** The secretary's notices in the outbox, oldest first: whom each went to and from whom. */
function notices(s: TestServer): { to: string | undefined; from: string | undefined }[] {
  return readdirSync(s.outbox)
    .filter((file) => file.endsWith("rsvp-notice.eml"))
    .sort()
    .map((file) => parseMail(readFileSync(join(s.outbox, file))).headers)
    .map((headers) => ({ to: headers.get("to"), from: headers.get("from") }));
}

describe("the lodge's data as the server reads it", () => {
  it("is read at each request: a rebuilt lodge.yaml reaches the API's answers and its mails", async () => {
    const first = testData({ guestLimit: 70 });
    let current: LodgeData = first;
    // No SECRETARY_EMAIL or MAIL_FROM: both come from lodge.yaml, as they do by default.
    const server = await startServer({
      data: () => current,
      config: { secretaryEmail: undefined, mailFrom: undefined },
    });
    started.push(server);
    const client = await server.client();
    const event = testEvent("dinner-meeting");
    const send = (email: string) =>
      client.post("/mj/api/rsvp", buildEventRsvpPayload(event, { ...PLAIN_RSVP_FORM, email }));
    expect(await send("one@example.org")).toMatchObject({ status: 200 });
    expect((await client.get("/sheets/api/read")).body).toMatchObject({ guestLimit: 70 });

    current = {
      ...first,
      lodge: {
        ...first.lodge,
        name: "Hillcrest Lodge No. 587",
        secretaryEmail: "new.secretary@hillcrest586.example.org",
        guestLimit: 40,
      },
    };
    expect((await client.get("/sheets/api/read")).body).toMatchObject({ guestLimit: 40 });
    expect(await send("two@example.org")).toMatchObject({ status: 200 });
    await server.worker.idle();
    expect(notices(server)).toEqual([
      {
        to: "secretary@hillcrest586.example.org",
        from: '"Hillcrest Lodge No. 586" <secretary@hillcrest586.example.org>',
      },
      {
        to: "new.secretary@hillcrest586.example.org",
        from: '"Hillcrest Lodge No. 587" <new.secretary@hillcrest586.example.org>',
      },
    ]);
  });
});
