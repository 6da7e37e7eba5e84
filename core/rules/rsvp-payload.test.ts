import { describe, expect, it } from "vitest";
import { CONTACT_SUBJECT } from "../messages.ts";
import { type EventInput, eventSchema } from "../schemas/event.ts";
import {
  contactFormSchema,
  type EventRsvpForm,
  eventRsvpFormSchema,
  socialRsvpFormSchema,
} from "../schemas/forms.ts";
import { eventRsvpPayloadSchema } from "../schemas/payloads.ts";
import { socialEventSchema } from "../schemas/social-event.ts";
import { mealCountField } from "./meals.ts";
import {
  buildContactPayload,
  buildEventRsvpPayload,
  buildSocialRsvpPayload,
  formInputFromPayload,
  mealCountsOf,
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

/** A small seeded generator (mulberry32): the same cases on every run, many of them. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}

const MEALS = ["Roast Beef", "Salmon", "Chicken Piccata", "Vegan Plate", "Steak", "Pasta"];
const NAMES = ["Sean", "O'Brien", "José", "Mary Ann", "Smith-Jones", "Zoë", "Li_2", "D’Arcy"];
const TITLES = ["", "PM", "WM", "PM, PDDGM", "Bro", "RW PDDGM"];

/** An event with 0 to 4 meal choices, any kind of cost, sometimes one seat per RSVP. */
function randomEvent(g: ReturnType<typeof generator>) {
  const pool = [...MEALS];
  const choices = Array.from(
    { length: g.int(0, 4) },
    () => pool.splice(g.int(0, pool.length - 1), 1)[0],
  );
  return eventSchema.parse({
    date: "2024/09/04 19:30",
    name: "Stated Meeting",
    rsvpOptions: true,
    rsvpLimit: g.chance(0.2),
    earlyBirdOptions: {
      time: g.pick(["18:30", "(6:30 pm)", ""]),
      cost: g.pick(["", "12", "12.50", "15 - 20", "No Charge"]),
      choices,
    },
  });
}

/** Each event's form schema, made once: making it is most of the time a case takes. */
const formSchemas = new WeakMap<object, ReturnType<typeof eventRsvpFormSchema>>();
function formSchemaOf(event: ReturnType<typeof dinnerEvent>) {
  const known = formSchemas.get(event) ?? eventRsvpFormSchema(event);
  formSchemas.set(event, known);
  return known;
}

/**
 * A form for `event` as a visitor fills it in. `leftovers` adds what the modal keeps when the
 * visitor changes their mind: counts typed before unticking dinner, a meal picked before
 * choosing several.
 */
function randomForm(
  g: ReturnType<typeof generator>,
  event: ReturnType<typeof dinnerEvent>,
  leftovers: boolean,
) {
  const max = event.rsvpLimit ? 1 : 10;
  const { choices, cost } = event.earlyBirdOptions;
  const dinner = cost.kind !== "none" && g.chance(0.7);
  const meals = dinner ? g.int(1, max) : 1;
  const counts: Record<string, number> = Object.fromEntries(
    choices.map((choice) => [mealCountField(choice), leftovers ? g.int(0, max) : 0]),
  );
  let mealChoice = leftovers && choices.length > 0 ? g.pick(choices) : "";
  if (dinner && choices.length > 0 && meals === 1) {
    mealChoice = g.pick(choices);
    if (!leftovers) counts[mealCountField(mealChoice)] = 1;
  } else if (dinner && choices.length > 0) {
    for (const choice of choices) counts[mealCountField(choice)] = 0;
    for (let meal = 0; meal < meals; meal++) {
      const field = mealCountField(g.pick(choices));
      counts[field] = (counts[field] ?? 0) + 1;
    }
    if (!leftovers) mealChoice = "";
  } else if (!leftovers) {
    mealChoice = "";
  }
  return formSchemaOf(event).parse({
    firstName: g.pick(NAMES),
    lastName: g.pick(NAMES),
    masonicTitle: g.pick(TITLES),
    email: `${g.pick(["sean", "mary.ann", "j_o+lodge"])}@example.org`,
    numberOfAttendees: g.int(1, max),
    earlyBirdDinner: dinner,
    numberOfMeals: leftovers && !dinner ? g.int(1, max) : meals,
    mealChoice,
    ...counts,
  });
}

/** The payload as the server reads it: through JSON and the payload schema, then back to a form. */
function readBack(event: ReturnType<typeof dinnerEvent>, form: EventRsvpForm) {
  const sent: unknown = JSON.parse(JSON.stringify(buildEventRsvpPayload(event, form)));
  const input = formInputFromPayload(event, eventRsvpPayloadSchema.parse(sent));
  if (!input.ok) throw new Error(`${input.field}: ${input.message}`);
  return formSchemaOf(event).parse(input.value);
}

/** What an RSVP reserves, whatever the form kept besides. */
function reserved(event: ReturnType<typeof dinnerEvent>, form: EventRsvpForm) {
  const { firstName, lastName, masonicTitle, email, numberOfAttendees, earlyBirdDinner } = form;
  const meals = earlyBirdDinner ? form.numberOfMeals : 0;
  const mealCounts = mealCountsOf(event, form);
  return { firstName, lastName, masonicTitle, email, numberOfAttendees, meals, mealCounts };
}

/** 100 random events, 8 random forms each, every one built into a payload and read back. */
function roundTrips(
  seed: number,
  leftovers: boolean,
  check: (event: ReturnType<typeof dinnerEvent>, form: EventRsvpForm, back: EventRsvpForm) => void,
) {
  const g = generator(seed);
  for (let n = 0; n < 100; n++) {
    const event = randomEvent(g);
    for (let again = 0; again < 8; again++) {
      const form = randomForm(g, event, leftovers);
      check(event, form, readBack(event, form));
    }
  }
}

describe("the payload read back (formInputFromPayload)", () => {
  it("gives back the very form the payload was built from, for events with 0 to 4 meal choices", () => {
    roundTrips(586, false, (_event, form, back) => expect(back).toEqual(form));
  });

  it("gives back what a form reserves when the visitor left other choices behind", () => {
    roundTrips(1867, true, (event, form, back) =>
      expect(reserved(event, back)).toEqual(reserved(event, form)),
    );
  });

  it("refuses a payload whose choices are not the event's, naming the field", () => {
    const event = dinnerEvent();
    const payload = payloadFor(event, {
      numberOfAttendees: 1,
      earlyBirdDinner: true,
      mealChoice: "Salmon",
    });
    expect(formInputFromPayload(event, { ...payload, secondChoice: "Trout" })).toEqual({
      ok: false,
      message:
        'The second meal choice of this event is "Salmon", not "Trout". Reload the page to see the current menu.',
      field: "secondChoice",
    });
    expect(
      formInputFromPayload(event, { ...payload, thirdChoice: "Pie", thirdChoiceCount: 1 }),
    ).toEqual({
      ok: false,
      message: "This event offers 2 meal choices, so there is no third choice to order.",
      field: "thirdChoiceCount",
    });
  });
});
