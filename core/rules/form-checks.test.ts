import { describe, expect, it } from "vitest";
import {
  EMAILS_TAKEN,
  NAMES_TAKEN,
  REFUSED,
  TITLES_TAKEN,
} from "../../test/support/person-names.ts";
import { type EventInput, eventSchema } from "../schemas/event.ts";
import { contactFormSchema, eventRsvpFormSchema, socialRsvpFormSchema } from "../schemas/forms.ts";
import {
  type ContactValues,
  contactProblems,
  type EventRsvpValues,
  eventRsvpProblems,
  FIELD_LABELS,
  mealHint,
  problemSentence,
  socialRsvpProblems,
  trimmed,
} from "./form-checks.ts";

const event = (fields: Partial<EventInput> = {}) =>
  eventSchema.parse({ date: "2024/09/04 19:30", name: "Stated Meeting", ...fields });
const dinner = event({ earlyBirdOptions: { cost: "12", choices: ["Roast Beef", "Salmon"] } });
const dinnerNoChoices = event({ earlyBirdOptions: { cost: "12" } });
const noDinner = event();
const limited = event({
  rsvpLimit: true,
  earlyBirdOptions: { cost: "20", choices: ["Prime Rib", "Salmon"] },
});

const base: EventRsvpValues = {
  firstName: "Sean",
  lastName: "O'Brien",
  masonicTitle: "",
  email: "sean@example.com",
  numberOfAttendees: 1,
  earlyBirdDinner: false,
  numberOfMeals: 1,
  mealChoice: "",
  countRoastBeef: 0,
  countSalmon: 0,
};

const rsvpCases: [string, ReturnType<typeof event>, Partial<EventRsvpValues>, string[]][] = [
  ["a plain RSVP", dinner, {}, []],
  ["a blank first name", dinner, { firstName: "  " }, ["firstName"]],
  ["a name with '!'", dinner, { lastName: "Smith!" }, []],
  ["a name in markup", dinner, { lastName: "<i>Smith</i>" }, ["lastName"]],
  ["a tab inside a name", dinner, { firstName: "Se\tan" }, ["firstName"]],
  ["an invisible U+FEFF inside a name", dinner, { lastName: "O'\uFEFFBrien" }, ["lastName"]],
  ["a no-break space inside a name", dinner, { lastName: "Van\u00A0Dyke" }, []],
  ["a tab inside a title", dinner, { masonicTitle: "P\tM" }, ["masonicTitle"]],
  ["a name of 101 letters", dinner, { firstName: "a".repeat(101) }, ["firstName"]],
  ["a title with commas", dinner, { masonicTitle: "PM, PDDGM" }, []],
  ["a title with dots", dinner, { masonicTitle: "P.M., P.D.D.G.M." }, []],
  ["an uppercase e-mail", dinner, { email: "Sean@example.com" }, []],
  ["a six-letter ending", dinner, { email: "sean@example.church" }, []],
  ["an address without @", dinner, { email: "sean.example.com" }, ["email"]],
  ["11 attendees", dinner, { numberOfAttendees: 11 }, ["numberOfAttendees"]],
  ["10 attendees", dinner, { numberOfAttendees: 10 }, []],
  ["2 attendees with rsvpLimit", limited, { numberOfAttendees: 2 }, ["numberOfAttendees"]],
  ["dinner for one without a choice", dinner, { earlyBirdDinner: true }, ["mealChoice"]],
  ["dinner for one with a choice", dinner, { earlyBirdDinner: true, mealChoice: "Salmon" }, []],
  [
    "dinner for three adding up",
    dinner,
    { earlyBirdDinner: true, numberOfMeals: 3, countRoastBeef: 2, countSalmon: 1 },
    [],
  ],
  [
    "dinner for three adding up to two",
    dinner,
    { earlyBirdDinner: true, numberOfMeals: 3, countRoastBeef: 1, countSalmon: 1 },
    ["mealCounts"],
  ],
  [
    "a negative count",
    dinner,
    { earlyBirdDinner: true, numberOfMeals: 2, countRoastBeef: 3, countSalmon: -1 },
    ["countSalmon"],
  ],
  ["dinner without choices", dinnerNoChoices, { earlyBirdDinner: true, numberOfMeals: 4 }, []],
  ["dinner where none is offered", noDinner, { earlyBirdDinner: true }, ["earlyBirdDinner"]],
  [
    "2 meals with rsvpLimit",
    limited,
    { earlyBirdDinner: true, numberOfMeals: 2, countPrimeRib: 2 },
    ["numberOfMeals", "countPrimeRib"],
  ],
  [
    "1 meal with rsvpLimit",
    limited,
    { earlyBirdDinner: true, numberOfMeals: 1, mealChoice: "Prime Rib" },
    [],
  ],
];

describe("the event RSVP form's checks in the browser", () => {
  it.each(rsvpCases)("find %s as the schema does", (_, forEvent, change, expected) => {
    const counts = Object.fromEntries(
      forEvent.earlyBirdOptions.choices.map((c) => [`count${c.replace(/\s+/g, "")}`, 0]),
    );
    const form = { ...base, ...counts, ...change } as EventRsvpValues;
    const found = [...eventRsvpProblems(forEvent, form).keys()];
    expect(found).toEqual(expected);
    expect(eventRsvpFormSchema(forEvent).safeParse(form).success).toBe(expected.length === 0);
  });
});

describe("the hint under the meal choices", () => {
  const withDinner = { ...base, earlyBirdDinner: true };

  it("says nothing without a dinner ticked, or with a dinner that has no choices", () => {
    expect(mealHint(dinner, base)).toBeUndefined();
    expect(mealHint(dinnerNoChoices, withDinner)).toBeUndefined();
    expect(mealHint(noDinner, withDinner)).toBeUndefined();
  });

  it("with one meal, says a choice is missing as soon as the dinner is ticked, and nothing once one is picked", () => {
    expect(mealHint(dinner, withDinner)).toBe("No meal chosen yet: please pick one.");
    expect(mealHint(dinner, { ...withDinner, mealChoice: "Salmon" })).toBeUndefined();
    expect(mealHint(dinner, { ...withDinner, mealChoice: "Lobster" })).toBe(
      "No meal chosen yet: please pick one.",
    );
  });

  it("with more meals, counts the meals chosen", () => {
    const three = { ...withDinner, numberOfMeals: 3 };
    expect(mealHint(dinner, three)).toBe("0 of 3 meals chosen");
    expect(mealHint(dinner, { ...three, countRoastBeef: 1, countSalmon: 2 })).toBe(
      "3 of 3 meals chosen",
    );
    expect(mealHint(dinner, { ...three, countRoastBeef: 2, countSalmon: 2 })).toBe(
      "4 of 3 meals chosen",
    );
  });

  it("names an emptied or unreadable count box instead of counting it as 0", () => {
    const three = { ...withDinner, numberOfMeals: 3, countRoastBeef: 3 };
    expect(mealHint(dinner, { ...three, countSalmon: Number.NaN })).toBe(
      "Enter a number of meals from 0 to 10 for Salmon.",
    );
    expect(mealHint(dinner, { ...three, countRoastBeef: -1, countSalmon: 1.5 })).toBe(
      "Enter a number of meals from 0 to 10 for Roast Beef and Salmon.",
    );
  });
});

describe("the social RSVP and contact checks in the browser", () => {
  const person = { firstName: "Mary-Jane", lastName: "José de la Cruz", email: "mj@example.org" };

  it.each([
    [{}, []],
    [{ lastName: "O'Brien" }, []],
    [{ lastName: "O'Brien >" }, ["lastName"]],
    [{ email: "" }, ["email"]],
    [{ numberOfAttendees: 0 }, ["numberOfAttendees"]],
    [{ numberOfAttendees: 10 }, []],
  ])("social RSVP %o: %o, as the schema says", (change, expected) => {
    const form = { ...person, numberOfAttendees: 1, ...change };
    expect([...socialRsvpProblems(form).keys()]).toEqual(expected);
    expect(socialRsvpFormSchema.safeParse(form).success).toBe(expected.length === 0);
  });

  it.each([
    [{}, []],
    [{ phoneNumber: "(216) 555-0100 ext 12" }, []],
    [{ phoneNumber: "+1 216/555.0100" }, []],
    [{ phoneNumber: "call me" }, ["phoneNumber"]],
    [{ message: "   " }, ["message"]],
    [{ message: "x".repeat(5001) }, ["message"]],
    [{ firstName: "" }, ["firstName"]],
  ])("contact %o: %o, as the schema says", (change, expected) => {
    const form = { ...person, phoneNumber: "", message: "Hello", ...change };
    expect([...contactProblems(form).keys()]).toEqual(expected);
    expect(contactFormSchema.safeParse(form).success).toBe(expected.length === 0);
  });

  it("trims every text field, lowercases the e-mail address and leaves the rest", () => {
    expect(
      trimmed({
        firstName: " Sean ",
        email: " Sean@Example.ORG",
        numberOfAttendees: 2,
        earlyBirdDinner: true,
      }),
    ).toEqual({
      firstName: "Sean",
      email: "sean@example.org",
      numberOfAttendees: 2,
      earlyBirdDinner: true,
    });
  });
});

describe("every real name, title and address (W3C's personal names, issue 33's)", () => {
  const contact = (change: Partial<ContactValues>): ContactValues => ({
    firstName: "Mary",
    lastName: "Smith",
    email: "mary@example.org",
    phoneNumber: "",
    message: "Hello",
    ...change,
  });

  it.each(NAMES_TAKEN)("takes %s as a first and a last name in every form", (value) => {
    const names = { firstName: value, lastName: value };
    expect(eventRsvpProblems(dinner, { ...base, ...names }).size).toBe(0);
    expect(
      socialRsvpProblems({ ...names, email: "a@example.org", numberOfAttendees: 1 }).size,
    ).toBe(0);
    expect(contactProblems(contact(names)).size).toBe(0);
    const parsed = contactFormSchema.parse(contact({ firstName: ` ${value} `, lastName: value }));
    expect([parsed.firstName, parsed.lastName]).toEqual([value, value]);
  });

  it.each(TITLES_TAKEN)("takes the masonic title %s", (title) => {
    expect(eventRsvpProblems(dinner, { ...base, masonicTitle: title }).size).toBe(0);
    expect(eventRsvpFormSchema(dinner).parse({ ...base, masonicTitle: title }).masonicTitle).toBe(
      title,
    );
  });

  it.each(EMAILS_TAKEN)("takes the address %s and keeps it as %s", (typed, kept) => {
    expect(contactProblems(contact({ email: typed })).size).toBe(0);
    expect(contactFormSchema.parse(contact({ email: typed })).email).toBe(kept);
    expect(socialRsvpFormSchema.parse({ firstName: "A", lastName: "B", email: typed }).email).toBe(
      kept,
    );
  });

  it.each(REFUSED)("refuses $field $value with the sentence the server says", (refusal) => {
    const problems = eventRsvpProblems(dinner, { ...base, [refusal.field]: refusal.value });
    const problem = problems.get(refusal.field);
    expect(problem && problemSentence(FIELD_LABELS[refusal.field] ?? "", problem)).toBe(
      refusal.sentence,
    );
    const parsed = eventRsvpFormSchema(dinner).safeParse({
      ...base,
      [refusal.field]: refusal.value,
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      [refusal.field, problem],
    ]);
  });
});
