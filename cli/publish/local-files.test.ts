import { describe, expect, it } from "vitest";
import { contentType } from "./local-files.ts";

describe("the content type an uploaded file gets", () => {
  it("names the news feed Atom, other XML (the sitemap) XML, and calendars text/calendar", () => {
    expect(contentType("feed.xml")).toBe("application/atom+xml; charset=utf-8");
    expect(contentType("sitemap.xml")).toBe("application/xml");
    expect(contentType("calendar.ics")).toBe("text/calendar; charset=utf-8");
  });
});
