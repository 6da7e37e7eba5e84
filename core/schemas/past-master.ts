import { z } from "zod";
import { BY_AFFILIATION, BY_AFFILIATION_TERM } from "../constants.ts";
import { optionalText, requiredText, shown, wholeNumber } from "./common.ts";

export { BY_AFFILIATION, BY_AFFILIATION_TERM };

/**
 * One past master. number 0 is an unnumbered first term (Under Dispensation); -1 is 'By
 * Affiliation'. term is text such as '1867 - 1868', '1952-1953', '2019' or 'U.D. 1867'.
 */
export const pastMasterSchema = z
  .strictObject({
    number: wholeNumber(
      "a whole number (-1 for By Affiliation, 0 for Under Dispensation)",
      -1,
      9999,
    ).meta({
      description:
        "The master's place in the list: 0 for an unnumbered first term (Under Dispensation), -1 for a master by affiliation.",
    }),
    name: requiredText("the past master's name").meta({ description: "The master's name." }),
    // 'by affiliation', however a spreadsheet capitalised it, is kept as 'By Affiliation'.
    term: requiredText("a term such as '1867 - 1868'")
      .transform((term) =>
        term.toLowerCase().replace(/\s+/g, " ") === BY_AFFILIATION_TERM.toLowerCase()
          ? BY_AFFILIATION_TERM
          : term,
      )
      .meta({
        description: `The term with its year, e.g. '1867 - 1868', '2019' or 'U.D. 1867'; '${BY_AFFILIATION_TERM}' for number ${BY_AFFILIATION}.`,
      }),
    imgUrl: optionalText.meta({
      description:
        "A portrait: a file in images/past-masters/, or an address; empty: the lodge's defaultPortrait.",
    }),
  })
  .superRefine((master, ctx) => {
    const byAffiliation = master.term === BY_AFFILIATION_TERM;
    if (byAffiliation !== (master.number === BY_AFFILIATION)) {
      ctx.addIssue({
        code: "custom",
        path: ["number"],
        input: master.number,
        message: byAffiliation
          ? `expected ${BY_AFFILIATION} for a term of '${BY_AFFILIATION_TERM}', found ${shown(master.number)}`
          : `expected the term '${BY_AFFILIATION_TERM}' for number ${BY_AFFILIATION}, found ${shown(master.term)}`,
      });
    }
    if (!byAffiliation && !/\d{4}/.test(master.term)) {
      ctx.addIssue({
        code: "custom",
        path: ["term"],
        input: master.term,
        message: `expected a term with a year such as '1867 - 1868' or '2019', found ${shown(master.term)}`,
      });
    }
  });
export type PastMaster = z.output<typeof pastMasterSchema>;

/**
 * The columns of a past-master list and the other names a spreadsheet may give them: the
 * headings of the site's own table (SPEC 2: Number, Worshipful Master, Year), which a list
 * copied from the old site has. Case and spaces do not matter.
 */
export const PAST_MASTER_COLUMNS = {
  number: ["No", "No."],
  name: ["Worshipful Master", "Master"],
  term: ["Year", "Years"],
  imgUrl: ["Image", "Portrait", "Photo"],
} as const;
