import { describe, expect, it } from "vitest";
import { ALERTS } from "../../../core/messages.ts";
import { apiUrl, failureAlert } from "./api.ts";

describe("the site's API calls", () => {
  it("call the paths of SPEC 7 at lodge.yaml's API address (the site itself in the sample)", () => {
    expect(apiUrl("/mj/api/rsvp")).toBe("/mj/api/rsvp");
  });

  it("show the server's own words for a refusal a visitor can act on", () => {
    const full = "This event is full: all 70 seats have been reserved.";
    expect(failureAlert({ status: 409, message: full })).toEqual({
      ...ALERTS.sendFailure,
      text: full,
    });
    expect(failureAlert({ status: 429, message: "Please wait 1 minute." }).text).toBe(
      "Please wait 1 minute.",
    );
  });

  it("show the catalogue's text for a server error, a network failure or a refusal without words", () => {
    expect(failureAlert({ status: 500, message: "internal" })).toEqual(ALERTS.sendFailure);
    expect(failureAlert({ status: 0, message: undefined })).toEqual(ALERTS.sendFailure);
    expect(failureAlert({ status: 404, message: undefined })).toEqual(ALERTS.sendFailure);
  });
});
