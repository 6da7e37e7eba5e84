import { describe, expect, it } from "vitest";
import { CONTACT_SUBJECT } from "../messages.ts";
import { costText, type EventInput, eventSchema } from "../schemas/event.ts";
import { contactFormSchema, eventRsvpFormSchema, socialRsvpFormSchema } from "../schemas/forms.ts";
import { eventRsvpPayloadSchema } from "../schemas/payloads.ts";
import { socialEventSchema } from "../schemas/social-event.ts";
import {
  buildContactPayload,
  buildEventRsvpPayload,
  buildSocialRsvpPayload,
  formatCostPerMeal,
  toSheetPayload,
} from "./rsvp-payload.ts";

type Options = NonNullable<EventInput["earlyBirdOptions"]>;
const dinnerEvent = (options: Partial<Options> = {}) =>
  eventSchema.parse({
    date: "2024/09/04 19:30",
    name: "Stated Meeting",
    rsvpOptions: true,
    earlyBirdOptions: {
      time: "(6:30 pm)",
      cost: "12",
      choices: ["Roast Beef", "Salmon"],
      ...options,
    },
  });
const guest = { firstName: "Sean", lastName: "O'Brien", email: "sean@example.com" };

function payloadFor(event: ReturnType<typeof dinnerEvent>, form: Record<string, unknown>) {
  return buildEventRsvpPayload(event, eventRsvpFormSchema(event).parse({ ...guest, ...form }));
}

describe("buildEventRsvpPayload", () => {
  it("builds the whole payload without dinner, the title appended to the last name", () => {
    const event = dinnerEvent();
    const payload = payloadFor(event, { masonicTitle: "PM", numberOfAttendees: "2" });
    expect(payload).toEqual({
      firstName: "Sean",
      lastName: "O'Brien, PM",
      masonicTitle: "PM",
      email: "sean@example.com",
      date: "Wed, Sep 4, 2024 7:30pm",
      subject: "RSVP for Stated Meeting on Wed, Sep 4, 2024 7:30pm",
      event,
      numberOfAttendees: 2,
      earlyBirdDinner: "No",
      earlyBirdTime: "6:30pm",
      numberOfMeals: 0,
      costPerMeal: "-",
      mealSelection: "-",
      firstChoice: "Roast Beef",
      firstChoiceCount: "-",
      secondChoice: "Salmon",
      secondChoiceCount: "-",
    });
    expect(eventRsvpPayloadSchema.parse(payload)).toEqual(payload);
  });

  it("leaves the last name alone when the title is blank", () => {
    const payload = payloadFor(dinnerEvent(), { masonicTitle: "  ", numberOfAttendees: 1 });
    expect([payload.lastName, payload.masonicTitle]).toEqual(["O'Brien", ""]);
  });

  it("counts the chosen meal as 1 and the others as 0 when one meal is ordered", () => {
    const payload = payloadFor(dinnerEvent(), {
      numberOfAttendees: 1,
      earlyBirdDinner: true,
      mealChoice: "Salmon",
    });
    expect(payload).toMatchObject({
      earlyBirdDinner: "Yes",
      numberOfMeals: 1,
      costPerMeal: "$12",
      mealSelection: "Salmon",
      firstChoiceCount: 0,
      secondChoiceCount: 1,
    });
  });

  it("lists the counts of several meals, leaving out choices nobody took", () => {
    const event = dinnerEvent({ cost: "12.5" });
    const mixed = payloadFor(event, {
      numberOfAttendees: 3,
      earlyBirdDinner: true,
      numberOfMeals: 3,
      countRoastBeef: "2",
      countSalmon: 1,
    });
    expect(mixed).toMatchObject({
      numberOfMeals: 3,
      costPerMeal: "$12.50",
      mealSelection: "2 Roast Beef, 1 Salmon",
      firstChoiceCount: 2,
      secondChoiceCount: 1,
    });
    const beefOnly = payloadFor(event, {
      numberOfAttendees: 3,
      earlyBirdDinner: true,
      numberOfMeals: 3,
      countRoastBeef: 3,
    });
    expect([beefOnly.mealSelection, beefOnly.secondChoiceCount]).toEqual(["3 Roast Beef", 0]);
  });

  it("names 'Meat' and 'Fish' with '-' counts and says how many dinners when the event has no choices", () => {
    const event = dinnerEvent({ time: "18:30", cost: "No Charge", choices: [] });
    const payload = payloadFor(event, {
      numberOfAttendees: 2,
      earlyBirdDinner: true,
      numberOfMeals: 2,
    });
    expect(payload).toMatchObject({
      earlyBirdTime: "18:30",
      costPerMeal: "No Charge",
      mealSelection: "2 dinners",
      firstChoice: "Meat",
      firstChoiceCount: "-",
      secondChoice: "Fish",
      secondChoiceCount: "-",
    });
    expect("thirdChoice" in payload).toBe(false);
    const one = payloadFor(event, { numberOfAttendees: 1, earlyBirdDinner: true });
    expect(one.mealSelection).toBe("1 dinner");
  });

  it("defaults a missing second choice to 'Fish' counted 0", () => {
    const event = dinnerEvent({ choices: ["Chicken"] });
    const payload = payloadFor(event, {
      numberOfAttendees: 1,
      earlyBirdDinner: true,
      mealChoice: "Chicken",
    });
    expect(payload).toMatchObject({
      firstChoice: "Chicken",
      firstChoiceCount: 1,
      secondChoice: "Fish",
      secondChoiceCount: 0,
    });
  });

  it("adds the third choice with three choices and the fourth only with four", () => {
    const three = payloadFor(dinnerEvent({ choices: ["Steak", "Chicken", "Pasta"] }), {
      numberOfAttendees: 1,
    });
    expect([three.thirdChoice, three.thirdChoiceCount]).toEqual(["Pasta", "-"]);
    expect("fourthChoice" in three || "fourthChoiceCount" in three).toBe(false);
    const four = payloadFor(
      dinnerEvent({ choices: ["Steak", "Chicken", "Pasta", "Vegan Plate"] }),
      {
        numberOfAttendees: 4,
        earlyBirdDinner: true,
        numberOfMeals: 4,
        countSteak: 1,
        countVeganPlate: 3,
      },
    );
    expect(four).toMatchObject({
      mealSelection: "1 Steak, 3 Vegan Plate",
      thirdChoice: "Pasta",
      thirdChoiceCount: 0,
      fourthChoice: "Vegan Plate",
      fourthChoiceCount: 3,
    });
  });
});

describe("formatCostPerMeal", () => {
  const cost = (raw: string | number) => formatCostPerMeal(costText.parse(raw));

  it("writes a dollar amount, decimals only when not whole", () => {
    expect(cost(12)).toBe("$12");
    expect(cost("$12.50")).toBe("$12.50");
    expect(cost("15 - 20")).toBe("$15 - 20");
  });

  it("writes 'No Charge' for a free dinner and '-' when there is none", () => {
    expect(cost("No Charge")).toBe("No Charge");
    expect(cost(0)).toBe("No Charge");
    expect(cost("")).toBe("-");
  });
});

describe("toSheetPayload", () => {
  it("replaces the date by the day only and changes nothing else", () => {
    const event = dinnerEvent();
    const payload = payloadFor(event, { numberOfAttendees: 1 });
    const row = toSheetPayload(payload, event);
    expect(row).toEqual({ ...payload, date: "Wed, Sep 4, 2024" });
    expect(payload.date).toBe("Wed, Sep 4, 2024 7:30pm");
  });
});

describe("buildSocialRsvpPayload", () => {
  it("carries the form, the formatted date, the subject and the outing", () => {
    const outing = socialEventSchema.parse({ name: "Brewery Night", date: "2024-06-08 18:00" });
    const form = socialRsvpFormSchema.parse({
      ...guest,
      lastName: "Brien",
      numberOfAttendees: "3",
    });
    const payload = buildSocialRsvpPayload(outing, form);
    expect(payload).toEqual({
      firstName: "Sean",
      lastName: "Brien",
      email: "sean@example.com",
      date: "Sat, Jun 8, 2024 6:00pm",
      subject: "RSVP for Brewery Night on Sat, Jun 8, 2024 6:00pm",
      event: outing,
      numberOfAttendees: 3,
    });
    expect(toSheetPayload(payload, outing).date).toBe("Sat, Jun 8, 2024");
  });
});

describe("buildContactPayload", () => {
  it("adds the contact subject and the labelled fields", () => {
    const form = contactFormSchema.parse({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
      message: "How do I join?",
    });
    expect(buildContactPayload(form)).toEqual({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
      phoneNumber: "",
      message: "How do I join?",
      subject: CONTACT_SUBJECT,
      fields: [
        { label: "First Name", value: "Ann" },
        { label: "Last Name", value: "Lee" },
        { label: "Email", value: "ann@example.org" },
        { label: "Phone Number", value: "" },
        { label: "Message", value: "How do I join?" },
      ],
    });
  });
});
