import type { Command } from "commander";

/**
 * The section of a guide in docs/ that teaches each command, by the words that call it. Its
 * --help ends with it, after the examples, and docs/commands.md links to it; a test holds that
 * each one is a heading of its guide. A command without one ends with its examples.
 */
export const GUIDE_SECTIONS: Readonly<Record<string, string>> = {
  validate: "docs/webmaster.md#check-the-content",
  build: "docs/webmaster.md#build-the-site",
  dev: "docs/webmaster.md#see-each-change-as-you-make-it",
  images: "docs/webmaster.md#pictures",
  publish: "docs/webmaster.md#publish",
  init: "docs/webmaster.md#start-a-lodge",
  import: "docs/webmaster.md#moving-from-an-existing-site",
  "import legacy": "docs/webmaster.md#moving-from-an-existing-site",
  "import past-masters": "docs/webmaster.md#past-masters-from-a-spreadsheet",
  "add-event": "docs/secretary.md#add-an-event",
  "add-meetings": "docs/secretary.md#a-year-of-stated-meetings",
  events: "docs/secretary.md#find-an-event",
  "edit-event": "docs/secretary.md#postpone-cancel-or-close-an-event",
  rsvps: "docs/secretary.md#rsvps-and-the-caterers-sheet",
  "rsvps cancel": "docs/secretary.md#change-or-cancel-an-rsvp",
  "rsvps edit": "docs/secretary.md#change-or-cancel-an-rsvp",
  members: "docs/secretary.md#the-members-roll",
  "members import": "docs/secretary.md#the-members-roll",
  "members edit": "docs/secretary.md#the-members-roll",
  "members remove": "docs/secretary.md#the-members-roll",
  "members answer": "docs/secretary.md#the-summons-and-the-members-answers",
  summons: "docs/secretary.md#the-summons-and-the-members-answers",
  messages: "docs/secretary.md#messages-from-the-contact-form",
  mail: "docs/operator.md#mail",
  serve: "docs/operator.md#run-lodge-serve",
  "migrate-store": "docs/operator.md#several-instances-on-postgresql",
};

/** Every command under `command`, each with the words that call it: 'rsvps cancel'. */
export function commandsOf(command: Command, above: string[] = []): [string, Command][] {
  return command.commands.flatMap((sub): [string, Command][] => {
    const words = [...above, sub.name()];
    return [[words.join(" "), sub], ...commandsOf(sub, words)];
  });
}

/** Ends the --help of every command that has a guide's section with it. */
export function addGuides(program: Command): void {
  for (const [words, command] of commandsOf(program)) {
    const section = GUIDE_SECTIONS[words];
    if (section) command.addHelpText("after", `\nGuide: ${section}`);
  }
}
