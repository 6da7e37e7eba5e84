/**
 * The names, titles and addresses the forms must take, and the ones they refuse with the sentence
 * each refusal says, one table for the rule's unit tests, the API's tests and the browser's
 * (with JavaScript and without). The names come from W3C's "Personal names around the world"
 * (https://www.w3.org/International/questions/qa-personal-names) and from issue 33: the ones the
 * old rules refused ("O'Brien", "Smith Jr.", "P.M., P.D.D.G.M.").
 */

/** Names every form takes as they are typed (the spaces around them aside). */
export const NAMES_TAKEN: readonly string[] = [
  "O'Brien",
  "O’Neil",
  "Smith Jr.",
  "St. John",
  "J.",
  "Robert (Bob)",
  "Mary & John",
  "María-José Carreño Quiñones",
  "Björk Guðmundsdóttir",
  "Ó Súilleabháin",
  "d'Artagnan",
  "van der Berg",
  "Nguyễn Tấn Dũng",
  "毛泽东",
  "山田 太郎",
  "박지성",
  "Михаил Горбачёв",
  "Ελευθέριος Βενιζέλος",
  "محمد بن سلمان",
  "שמעון פרס",
  "सुनील गावस्कर",
  "สมชาย",
  "Kamakaʻeha",
  // Persian writes a zero-width non-joiner inside a name: it is part of the name.
  "پروین\u200Cدخت",
  "Isa bin Osman",
  "Pablo Diego José Francisco de Paula Juan Nepomuceno Cipriano",
];

/** Masonic titles the event RSVP takes. */
export const TITLES_TAKEN: readonly string[] = [
  "P.M., P.D.D.G.M.",
  "W.M.",
  "R.W. Bro.",
  "PM, PDDGM",
];

/** Addresses every form takes, and the address it keeps of each (lowercased). */
export const EMAILS_TAKEN: readonly [typed: string, kept: string][] = [
  ["bob@example.church", "bob@example.church"],
  ["curator@museum.museum", "curator@museum.museum"],
  ["Sean.OBrien@Example.ORG", "sean.obrien@example.org"],
  ["o'brien@example.email", "o'brien@example.email"],
  ["user+lodge@mail.example.co.uk", "user+lodge@mail.example.co.uk"],
];

/** A name, title or address a form refuses, and the sentence it says under the field. */
export type Refusal = {
  field: "firstName" | "lastName" | "masonicTitle" | "email";
  value: string;
  sentence: string;
};

export const REFUSED: readonly Refusal[] = [
  { field: "firstName", value: "   ", sentence: "First name is required." },
  { field: "lastName", value: "<b>Smith</b>", sentence: "Last name may not contain < or >." },
  {
    field: "firstName",
    value: "Se\tan",
    sentence: "First name may not contain a tab, a line break or an invisible character.",
  },
  {
    field: "lastName",
    value: "O'\uFEFFBrien",
    sentence: "Last name may not contain a tab, a line break or an invisible character.",
  },
  {
    field: "lastName",
    value: "x".repeat(101),
    sentence: "Last name must be at most 100 characters (it has 101).",
  },
  {
    field: "masonicTitle",
    value: "<script>",
    sentence: "Masonic title may not contain < or >.",
  },
  {
    field: "email",
    value: "bob.example.org",
    sentence: "E-mail address needs an @ between the name and the domain, as in name@example.com.",
  },
  {
    field: "email",
    value: "bob smith@example.org",
    sentence: "E-mail address may not contain spaces; it looks like name@example.com.",
  },
  {
    field: "email",
    value: "bob@example..org",
    sentence: "E-mail address must be an address such as name@example.com.",
  },
  { field: "email", value: "", sentence: "E-mail address is required." },
];

/** The refusals a form of only names and an address has (no masonic title). */
export const REFUSED_WITHOUT_TITLE = REFUSED.filter((r) => r.field !== "masonicTitle");
