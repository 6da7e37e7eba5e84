import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { type EventInput, eventSchema } from "./event.ts";
import { contactFormSchema, eventRsvpFormSchema, socialRsvpFormSchema } from "./forms.ts";

function problems(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

const event = (fields: Partial<EventInput> = {}) =>
  eventSchema.parse({ date: "2024/09/04 19:30", name: "Stated Meeting", ...fields });
const dinner = event({ earlyBirdOptions: { cost: "12", choices: ["Roast Beef", "Salmon"] } });
const person = { firstName: "Sean", lastName: "Smith", email: "sean@example.com" };
const rsvp = (form: Record<string, unknown>, forEvent = dinner) =>
  problems(eventRsvpFormSchema(forEvent).safeParse({ ...person, numberOfAttendees: 1, ...form }));
const contact = (form: Record<string, unknown>) =>
  problems(contactFormSchema.safeParse({ ...person, message: "Hello", ...form }));
const social = (form: Record<string, unknown>) =>
  problems(socialRsvpFormSchema.safeParse({ ...person, ...form }));

describe("names (W3C's personal names, not SPEC 5's patterns: DESIGN.md section 7)", () => {
  it("allow any script, apostrophes, periods, parentheses and '&' in every form", () => {
    const names = { firstName: "Robert (Bob) & Mary", lastName: "O’Neil-José St. John Jr." };
    expect(rsvp(names)).toEqual([]);
    expect(contact(names)).toEqual([]);
    expect(social(names)).toEqual([]);
  });

  it("are required and refuse only markup, control characters and lengths past 100", () => {
    expect(contact({ firstName: "   " })).toEqual(["firstName: is required"]);
    expect(rsvp({ firstName: undefined })).toEqual(["firstName: is required"]);
    expect(contact({ firstName: "Bob!" })).toEqual([]);
    expect(contact({ firstName: "<Bob>" })).toEqual(["firstName: may not contain < or >"]);
    expect(social({ lastName: "Smith\nJones" })).toEqual([
      "lastName: may not contain a tab, a line break or an invisible character",
    ]);
    expect(social({ lastName: "x".repeat(101) })).toEqual([
      "lastName: must be at most 100 characters (it has 101)",
    ]);
  });
});

describe("masonicTitle", () => {
  it("is optional and takes the titles lodges write, periods and commas included", () => {
    expect(rsvp({ masonicTitle: "PM, PDDGM" })).toEqual([]);
    expect(rsvp({ masonicTitle: "P.M., P.D.D.G.M." })).toEqual([]);
    expect(rsvp({})).toEqual([]);
    expect(rsvp({ masonicTitle: "W.M.<br>" })).toEqual(["masonicTitle: may not contain < or >"]);
  });
});

describe("email", () => {
  it("accepts what the HTML e-mail rule accepts, top-level domains of any length", () => {
    expect(contact({ email: "bro.smith+lodge_1%x@mail.example-lodge.org" })).toEqual([]);
    expect(contact({ email: "a@b.church" })).toEqual([]);
    expect(contact({ email: "curator@museum.museum" })).toEqual([]);
    expect(contact({ email: "a@b.uk" })).toEqual([]);
  });

  it("lowercases an address instead of refusing its capitals", () => {
    const parsed = contactFormSchema.parse({
      ...person,
      email: " Sean@Example.COM ",
      message: "Hi",
    });
    expect(parsed.email).toBe("sean@example.com");
  });

  it("refuses a missing @, spaces and an empty part, each in its own words", () => {
    expect(contact({ email: "sean.example.com" })).toEqual([
      "email: needs an @ between the name and the domain, as in name@example.com",
    ]);
    expect(contact({ email: "sean @example.com" })).toEqual([
      "email: may not contain spaces; it looks like name@example.com",
    ]);
    expect(contact({ email: "a@b..c" })).toEqual([
      "email: must be an address such as name@example.com",
    ]);
    expect(social({ email: "" })).toEqual(["email: is required"]);
  });
});

describe("phoneNumber", () => {
  it("is optional and accepts digits, spaces, hyphens, parentheses, plus, slash", () => {
    for (const phoneNumber of ["", "(216) 555-1234", "+1 216/555-1234", "216 555 1234"]) {
      expect(contact({ phoneNumber })).toEqual([]);
    }
  });

  it("accepts up to two dot groups and an 'ext' or 'x' extension", () => {
    for (const phoneNumber of [
      "216.555.1234",
      "216-555-1234 ext 12",
      "216.555.1234x5",
      "555-1234 ext. 7",
    ]) {
      expect(contact({ phoneNumber })).toEqual([]);
    }
  });

  it("rejects three dot groups, words and an extension without digits", () => {
    const wrong =
      "phoneNumber: may contain only digits, spaces, hyphens, parentheses, +, / and an extension such as 'ext 12'";
    for (const phoneNumber of ["1.216.555.1234", "call me", "555-1234 ext"]) {
      expect(contact({ phoneNumber })).toEqual([wrong]);
    }
  });
});

describe("contact message", () => {
  it("is required", () => {
    expect(contact({ message: " " })).toEqual(["message: is required"]);
  });
});

describe("event RSVP attendees and meals", () => {
  it("allows 1 to 10 attendees, given as a number or as the select's text", () => {
    expect(rsvp({ numberOfAttendees: "10" })).toEqual([]);
    expect(rsvp({ numberOfAttendees: 0 })).toEqual([
      "numberOfAttendees: must be a whole number from 1 to 10, found 0",
    ]);
    expect(rsvp({ numberOfAttendees: "11" })).toEqual([
      'numberOfAttendees: must be a whole number from 1 to 10, found "11"',
    ]);
  });

  it("allows only 1 attendee and 1 meal when the event's rsvpLimit is set", () => {
    const limited = event({ rsvpLimit: true, earlyBirdOptions: { cost: "10" } });
    expect(rsvp({ earlyBirdDinner: true }, limited)).toEqual([]);
    expect(rsvp({ numberOfAttendees: 2, numberOfMeals: 2 }, limited)).toEqual([
      "numberOfAttendees: must be 1",
      "numberOfMeals: must be 1",
    ]);
  });

  it("allows 1 to 10 meals, defaulting to 1", () => {
    const parsed = eventRsvpFormSchema(dinner).parse({ ...person, numberOfAttendees: 1 });
    expect(parsed.numberOfMeals).toBe(1);
    expect(rsvp({ numberOfMeals: 11 })).toEqual([
      "numberOfMeals: must be a whole number from 1 to 10, found 11",
    ]);
  });
});

describe("event RSVP dinner", () => {
  it("can be reserved only when the event has a cost, 'No Charge' included", () => {
    expect(rsvp({ earlyBirdDinner: true }, event())).toEqual([
      "earlyBirdDinner: this event has no dinner to reserve",
    ]);
    expect(
      rsvp({ earlyBirdDinner: true }, event({ earlyBirdOptions: { cost: "No Charge" } })),
    ).toEqual([]);
  });

  it("needs one of the choices when one meal is ordered", () => {
    expect(rsvp({ earlyBirdDinner: true, mealChoice: "Salmon" })).toEqual([]);
    expect(rsvp({ earlyBirdDinner: true })).toEqual([
      "mealChoice: must be one of 'Roast Beef', 'Salmon'",
    ]);
    expect(rsvp({ earlyBirdDinner: true, mealChoice: "Lobster" })).toEqual([
      "mealChoice: must be one of 'Roast Beef', 'Salmon'",
    ]);
    expect(rsvp({ earlyBirdDinner: false })).toEqual([]);
  });

  it("needs per-choice counts that add up to several meals", () => {
    const three = { earlyBirdDinner: true, numberOfAttendees: 3, numberOfMeals: 3 };
    expect(rsvp({ ...three, countRoastBeef: 2, countSalmon: "1" })).toEqual([]);
    expect(rsvp({ ...three, countRoastBeef: 2 })).toEqual([
      "numberOfMeals: the meal choices add up to 2, not to the 3 meals ordered",
    ]);
    expect(rsvp({ ...three, countRoastBeef: 2, countSalmon: -1 })).toEqual([
      "countSalmon: must be a whole number from 0 to 10, found -1",
    ]);
    const noChoices = event({ earlyBirdOptions: { cost: "12" } });
    expect(rsvp({ ...three }, noChoices)).toEqual([]);
  });
});

describe("social RSVP attendees", () => {
  it("accepts '1' to '10', defaulting to 1", () => {
    expect(
      socialRsvpFormSchema.parse({ ...person, numberOfAttendees: "10" }).numberOfAttendees,
    ).toBe(10);
    expect(socialRsvpFormSchema.parse(person).numberOfAttendees).toBe(1);
    expect(social({ numberOfAttendees: "11" })).toEqual([
      'numberOfAttendees: must be a whole number from 1 to 10, found "11"',
    ]);
  });
});
