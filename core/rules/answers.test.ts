import { describe, expect, it } from "vitest";
import { eventSchema } from "../schemas/event.ts";
import {
  answerAllowed,
  answerFragment,
  answerText,
  answerWindow,
  offeredAnswers,
  readAnswerFragment,
} from "./answers.ts";

const ZONE = "America/New_York";
/** RSVPs close 29 November 2027 at 11:59PM, dinners 26 November. */
const MEETING = eventSchema.parse({
  date: "2027/12/01 19:30",
  name: "Stated Meeting",
  tyled: true,
  rsvpOptions: true,
  rsvpExpirationDays: 2,
  mealCutoffDays: 5,
  earlyBirdOptions: { time: "18:30", cost: 15, choices: ["Beef", "Fish"] },
});
const at = (wall: string) => new Date(`${wall}-05:00`);

describe("a member's answer window", () => {
  it("is open until dinner orders close, then takes no new dinner, then closes with RSVPs", () => {
    expect(answerWindow(MEETING, at("2027-11-26T23:58"), ZONE)).toBe("open");
    expect(answerWindow(MEETING, at("2027-11-26T23:59"), ZONE)).toBe("meals-closed");
    expect(answerWindow(MEETING, at("2027-11-29T23:59"), ZONE)).toBe("closed");
    expect(answerWindow({ ...MEETING, cancelled: true }, at("2027-11-20T12:00"), ZONE)).toBe(
      "closed",
    );
  });

  it("stays open on a full meeting: an attending answer waits for a seat", () => {
    expect(answerWindow({ ...MEETING, full: true }, at("2027-11-20T12:00"), ZONE)).toBe("open");
  });

  it("offers dining only while dinner orders are open", () => {
    expect(offeredAnswers(MEETING, "open")).toEqual(["attending", "dining", "apologies"]);
    expect(offeredAnswers(MEETING, "meals-closed")).toEqual(["attending", "apologies"]);
    expect(offeredAnswers(MEETING, "closed")).toEqual([]);
    const noDinner = eventSchema.parse({
      date: "2027/12/01 19:30",
      name: "Meeting",
      rsvpOptions: true,
    });
    expect(offeredAnswers(noDinner, "open")).toEqual(["attending", "apologies"]);
  });
});

describe("answerAllowed", () => {
  it("takes a meal among the event's choices while dinner orders are open", () => {
    expect(answerAllowed(MEETING, "open", { answer: "dining", meal: "Fish" }, undefined)).toEqual({
      ok: true,
    });
    expect(answerAllowed(MEETING, "open", { answer: "dining", meal: "Lamb" }, undefined)).toEqual({
      ok: false,
      why: "choose the meal: Beef, Fish",
    });
    expect(answerAllowed(MEETING, "open", { answer: "dining" }, undefined).ok).toBe(false);
  });

  it("after dinner orders close, keeps a dinner only as it was ordered", () => {
    const held = { answer: "dining" as const, meal: "Fish" };
    expect(
      answerAllowed(MEETING, "meals-closed", { answer: "dining", meal: "Fish" }, held).ok,
    ).toBe(true);
    expect(
      answerAllowed(MEETING, "meals-closed", { answer: "dining", meal: "Beef" }, held),
    ).toEqual({
      ok: false,
      why: "dinner orders have closed, so the caterer has the number",
    });
    expect(answerAllowed(MEETING, "meals-closed", { answer: "apologies" }, held).ok).toBe(true);
    expect(answerAllowed(MEETING, "closed", { answer: "apologies" }, held)).toEqual({
      ok: false,
      why: "answers for this meeting have closed",
    });
  });
});

describe("the answer link's fragment", () => {
  it("carries the answer, the meal and the token, read back as written", () => {
    const token = "AbCdEfGhIjKlMnOp.2027-12-01-stated-meeting.sig-_x";
    const fragment = answerFragment(token, { answer: "dining", meal: "Roast Beef & Jus" });
    expect(fragment).toBe(`a=dining&m=Roast+Beef+%26+Jus&t=${token}`);
    expect(readAnswerFragment(`#${fragment}`)).toEqual({
      token,
      chosen: { answer: "dining", meal: "Roast Beef & Jus" },
    });
    expect(readAnswerFragment(answerFragment(token))).toEqual({ token });
    expect(readAnswerFragment(`#a=maybe&t=${token}`)).toEqual({ token });
    expect(answerText({ answer: "dining", meal: "Fish" })).toBe("Attending and dining (Fish)");
  });
});
