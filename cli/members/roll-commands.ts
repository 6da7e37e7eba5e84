import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { type Member, type MemberField, memberSchema } from "../../core/schemas/member.ts";
import type { RollMember, Store } from "../../server/store/store.ts";
import { writeRoll } from "../../server/use-cases/roll.ts";
import { type Context, UsageError } from "../context.ts";
import { UserError } from "../errors.ts";
import { formatProblem } from "../load/problems.ts";
import { readRollCsv } from "./roll-csv.ts";
import { changeText, planReport, planRoll, type RollChange } from "./roll-merge.ts";

/**
 * The secretary's work on the roll, on the database `lodge serve` keeps: import, edit, remove.
 * Each checks everything first and writes nothing when something is wrong, and writes in one
 * transaction.
 */

/** What the roll's commands ask of the store. */
export type RollStore = Pick<Store, "listMembers" | "importRoll" | "removeMember">;

/** `lodge members import FILE`: the roll merged (or replaced) from a spreadsheet's export. */
export async function importRoll(
  ctx: Context,
  store: RollStore,
  file: string,
  options: { replace: boolean; dryRun: boolean; json: boolean },
): Promise<void> {
  const path = resolve(ctx.cwd, file);
  if (!existsSync(path)) throw new UserError(`${file}: no such file. Nothing was written.`);
  const read = readRollCsv(path, file);
  if (read.missing.length > 0) {
    throw new UserError(
      `${file}:1:1  the first line must name the roll's columns; ${read.missing.join(" and ")} ${read.missing.length === 1 ? "is" : "are"} missing. Nothing was written.`,
    );
  }
  const errors = read.problems.filter((p) => p.severity === "error");
  if (options.json) {
    if (!read.members)
      ctx.out(JSON.stringify({ written: false, problems: read.problems }, null, 2));
  } else {
    for (const problem of read.problems) ctx.out(formatProblem(problem));
  }
  if (!read.members) {
    const rows = new Set(errors.map((p) => p.line)).size;
    const what =
      read.source.value === undefined
        ? "could not be read"
        : `has ${rows === 1 ? "a bad row" : `${rows} bad rows`}`;
    throw new UserError(
      `${file} ${what} (${options.json ? "in the JSON above" : "listed above"}). Nothing was written.`,
    );
  }
  const current = await store.listMembers();
  const plan = planRoll(current, read.members, read.fields, options.replace);
  const byNumber = new Map(current.map((m) => [m.number.toLowerCase(), m]));
  const idOf = (m: Member) => byNumber.get(m.number.toLowerCase())?.id ?? 0;
  const changes = plan.added.length + plan.changed.length + plan.removed.length;
  const written = changes > 0 && !options.dryRun;
  if (written) {
    await writeRoll(store, {
      add: plan.added,
      change: plan.changed.map(({ now }) => ({ id: idOf(now), member: now })),
      remove: plan.removed.map(idOf),
      now: ctx.now ?? new Date(),
    });
  }
  if (options.json) {
    const strip = ({ id: _, key: __, ...member }: Member & Partial<RollMember>) => member;
    ctx.out(
      JSON.stringify(
        {
          file,
          dryRun: options.dryRun,
          written,
          added: plan.added,
          changed: plan.changed.map(({ now, changes }) => ({ member: strip(now), changes })),
          unchanged: plan.unchanged.length,
          removed: plan.removed.map(strip),
          total: plan.size,
          problems: read.problems,
        },
        null,
        2,
      ),
    );
    return;
  }
  for (const line of planReport(plan, options)) ctx.out(line);
}

/** The member a command names by his number, or the refusal that says how to find it. */
export function memberOf(members: readonly RollMember[], number: string): RollMember {
  const found = members.find((m) => m.number.toLowerCase() === number.trim().toLowerCase());
  if (!found) {
    throw new UserError(
      `No member numbered ${JSON.stringify(number)} is on the roll (lodge members lists them). Nothing was changed.`,
    );
  }
  return found;
}

/** The fields `lodge members edit` sets, as the roll's import reads them. */
export type MemberEdit = Partial<Record<MemberField, string>>;

/**
 * A member with `edit` applied, checked as the import checks a row; every problem is one line
 * naming its flag.
 */
export function editedMember(
  member: RollMember,
  edit: MemberEdit,
  flags: Record<string, string>,
): { member: Member; changes: RollChange[] } {
  const { id: _, key: __, ...fields } = member;
  const result = memberSchema.safeParse({ ...fields, ...edit });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const field = String(issue.path[0]);
      return `${flags[field] ?? field}: ${issue.message}`;
    });
    throw new UsageError(`${lines.join("\n")}\nNothing was changed.`);
  }
  const plan = planRoll([fields], [result.data], Object.keys(edit) as MemberField[], false);
  return { member: result.data, changes: plan.changed[0]?.changes ?? [] };
}

/** `lodge members edit NUMBER --email ...`: one member's fields, checked and changed. */
export async function editMember(
  ctx: Context,
  store: RollStore,
  number: string,
  edit: MemberEdit,
  flags: Record<string, string>,
  dryRun: boolean,
): Promise<void> {
  if (Object.keys(edit).length === 0) {
    throw new UsageError(
      "Say what to change, e.g. lodge members edit 10423 --email new@example.org --dietary 'no shellfish'.",
    );
  }
  const member = memberOf(await store.listMembers(), number);
  const { member: now, changes } = editedMember(member, edit, flags);
  const who = `${member.number} ${member.firstName} ${member.lastName}`;
  if (changes.length === 0) {
    ctx.out(`${who} already has that. Nothing was changed.`);
    return;
  }
  if (!dryRun) {
    await store.importRoll({
      add: [],
      change: [{ id: member.id, member: now }],
      remove: [],
      now: ctx.now ?? new Date(),
    });
  }
  ctx.out(
    `${dryRun ? "Would change" : "Changed"} ${who}: ${changeText(changes)}.${dryRun ? " Nothing was changed (--dry-run)." : ""}`,
  );
}

/** `lodge members remove NUMBER`: erases a member's personal data, keeping the counts. */
export async function removeMember(
  ctx: Context,
  store: RollStore,
  number: string,
  dryRun: boolean,
): Promise<void> {
  const member = memberOf(await store.listMembers(), number);
  const who = `${member.number} ${member.firstName} ${member.lastName}`;
  if (dryRun) {
    ctx.out(
      `Would remove ${who}: his name, number, address, phone and dietary needs erased, his answers kept as counts. Nothing was changed (--dry-run).`,
    );
    return;
  }
  await store.removeMember({ id: member.id, now: ctx.now ?? new Date() });
  ctx.out(
    `Removed ${who}: his name, number, address, phone and dietary needs are erased, and the links of his summonses open nothing; his answers stay counted.`,
  );
}

/**
 * `lodge members announcements NUMBER on|off`: a member's announcements back on at his word
 * (the bounce of his address forgotten, the secretary having checked it) or off. The summons
 * and the RSVP mail come either way.
 */
export async function memberAnnouncements(
  ctx: Context,
  store: Pick<Store, "listMembers" | "setMemberAnnouncements">,
  number: string,
  choice: string,
): Promise<void> {
  if (choice !== "on" && choice !== "off") {
    throw new UsageError(`Say on or off, e.g. lodge members announcements ${number} on.`);
  }
  const member = memberOf(await store.listMembers(), number);
  const who = `${member.number} ${member.firstName} ${member.lastName}`;
  const on = choice === "on";
  const done = await store.setMemberAnnouncements({
    memberId: member.id,
    on,
    now: ctx.now ?? new Date(),
  });
  const state = on ? "gets the announcements" : "gets no announcements (the summons still)";
  ctx.out(
    `${who} ${done?.changed ? "now" : "already"} ${state}.${done?.unbounced ? ` ${member.email} is no longer marked bounced.` : ""}`,
  );
}
