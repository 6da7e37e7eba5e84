import { eventRsvpsCommand } from "../../core/messages.ts";
import { escapeHtml } from "../../core/rules/html.ts";
import {
  eventStart,
  formatDinnerTime,
  formatFullDate,
  formatShortTime,
} from "../../core/rules/time.ts";
import type { Event, Lodge } from "../../core/schemas/index.ts";
import type { Diner } from "../../server/store/store.ts";
import { plural } from "../load/summary.ts";
import { type EventGroup, lodgeMinute, nameOf } from "./rsvp-report.ts";

const STYLE = `
  @page { size: letter; margin: 12mm; }
  * { box-sizing: border-box; }
  body { font: 11pt/1.35 Georgia, "Times New Roman", serif; color: #111; margin: 0 auto; max-width: 190mm; padding: 8mm 0; }
  header { border-bottom: 2px solid #111; padding-bottom: 3mm; margin-bottom: 4mm; }
  .lodge { margin: 0; font-size: 10pt; letter-spacing: 0.04em; text-transform: uppercase; }
  h1 { margin: 1mm 0; font-size: 20pt; }
  .when { margin: 0; font-size: 12pt; }
  .state { display: inline-block; margin: 2mm 0 0; padding: 0.5mm 2mm; border: 2px solid #111; font-weight: bold; text-transform: uppercase; }
  .totals { display: flex; gap: 3mm; margin: 0 0 5mm; padding: 0; list-style: none; }
  .totals li { flex: 1 1 0; min-width: 0; border: 1px solid #111; padding: 2mm 3mm; }
  .totals .n { display: block; font-size: 22pt; font-weight: bold; line-height: 1.1; }
  .totals .meal { background: #f1f1f1; }
  table { width: 100%; border-collapse: collapse; font-size: 10.5pt; }
  th, td { border-bottom: 1px solid #999; padding: 1.2mm 2mm; text-align: left; vertical-align: top; }
  th { border-bottom: 2px solid #111; font-size: 9.5pt; text-transform: uppercase; letter-spacing: 0.03em; }
  td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; width: 18mm; }
  tfoot td { border-top: 2px solid #111; border-bottom: 0; font-weight: bold; }
  tbody tr { break-inside: avoid; }
  .check { width: 8mm; }
  .box { display: inline-block; width: 4mm; height: 4mm; border: 1px solid #111; }
  footer { margin-top: 4mm; font-size: 9pt; color: #444; }
  h2.dietary { font-size: 12pt; margin: 4mm 0 1mm; }
  @media screen { body { padding: 12mm; } }
  /* Printed, a list of 40 names still fits the one page. */
  @media print {
    body { padding: 0; font-size: 10pt; }
    .totals .n { font-size: 18pt; }
    th, td { padding: 0.5mm 2mm; }
    .box { width: 3.2mm; height: 3.2mm; }
  }
`;

/** The dining members' dietary needs, by name: what the kitchen must know of whom. */
function dietaryList(diners: readonly Diner[]): string {
  if (diners.length === 0) return "";
  const items = diners.map(
    (d) =>
      `<li>${escapeHtml(`${d.lastName}, ${d.firstName}`)}${d.meal ? ` (${escapeHtml(d.meal)})` : ""}: ${escapeHtml(d.dietary)}</li>`,
  );
  return `<h2 class="dietary">Dietary needs</h2>\n<ul>\n${items.join("\n")}\n</ul>`;
}

/** The day, time, dinner and place line of the sheet. */
function when(event: Event | undefined, group: EventGroup): string {
  if (!event) return group.event.date;
  const start = eventStart(event.date);
  const dinner = formatDinnerTime(event.earlyBirdOptions.time);
  return [
    `${formatFullDate(start)} at ${formatShortTime(start)}`,
    dinner ? `dinner at ${dinner}` : "",
    event.location,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The caterer's sheet of one event, one printed page: the event, its totals per meal choice,
 * dinners and attendees in large figures, then every RSVP by last name with its attendees and
 * meals, a box to tick at the door, and the totals again under the list.
 */
export function catererSheet(
  group: EventGroup,
  event: Event | undefined,
  lodge: Lodge,
  printedAt: Date,
  /** The dining members' dietary needs, from the roll. */
  dietary: readonly Diner[] = [],
): string {
  const e = escapeHtml;
  const { choices } = group.event;
  const t = group.totals;
  const rows = [...group.rsvps]
    .sort((a, b) =>
      `${a.record.lastName} ${a.record.firstName}`.localeCompare(
        `${b.record.lastName} ${b.record.firstName}`,
      ),
    )
    .map(({ record: r }) => {
      const name = r.firstName || r.lastName ? `${r.lastName}, ${r.firstName}` : nameOf(r);
      const title = r.masonicTitle ? ` <small>${e(r.masonicTitle)}</small>` : "";
      const meals = choices.map(
        (choice) => r.mealCounts.find((m) => m.choice === choice)?.count || "",
      );
      const extra = choices.length === 0 ? [r.dinner ? r.meals : ""] : meals;
      return `<tr><td class="check"><span class="box"></span></td><td>${e(name)}${title}</td><td class="n">${r.attendees}</td>${extra.map((n) => `<td class="n">${n}</td>`).join("")}</tr>`;
    });
  const mealColumns = choices.length === 0 ? ["Dinners"] : choices;
  const mealTotals = choices.length === 0 ? [t.dinners] : choices.map((c) => t.meals[c] ?? 0);
  const figures = [
    ...choices.map((c) => `<li class="meal"><span class="n">${t.meals[c] ?? 0}</span>${e(c)}</li>`),
    `<li><span class="n">${t.dinners}</span>${t.dinners === 1 ? "dinner" : "dinners"} in all</li>`,
    `<li><span class="n">${t.attendees}</span>${t.attendees === 1 ? "attendee" : "attendees"}</li>`,
  ];
  const state = group.event.state.map((s) => `<p class="state">${e(s)}</p>`).join(" ");
  // So that whoever is at the door knows a name they may still hear is not expected.
  const cancelled =
    group.cancelled.length === 0
      ? ""
      : `<p class="cancelled">Cancelled, not counted: ${group.cancelled
          .map(
            ({ record: r, cancelledAt }) =>
              `${e(nameOf(r))} (${r.attendees}, ${e(lodgeMinute(cancelledAt, lodge.timeZone))})`,
          )
          .join("; ")}.</p>`;
  const title = `Caterer's sheet: ${group.event.name}, ${group.event.date}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<p class="lodge">${e(lodge.name)}</p>
<h1>${e(group.event.name)}</h1>
<p class="when">${e(when(event, group))}</p>
${state}
</header>
<ul class="totals">
${figures.join("\n")}
</ul>
<table>
<thead><tr><th class="check" aria-label="Arrived"></th><th>Name</th><th class="n">Attendees</th>${mealColumns.map((c) => `<th class="n">${e(c)}</th>`).join("")}</tr></thead>
<tbody>
${rows.join("\n") || `<tr><td></td><td colspan="${2 + mealColumns.length}">No RSVPs yet.</td></tr>`}
</tbody>
<tfoot><tr><td></td><td>Total: ${e(plural(t.rsvps, "RSVP"))}</td><td class="n">${t.attendees}</td>${mealTotals.map((n) => `<td class="n">${n}</td>`).join("")}</tr></tfoot>
</table>
${cancelled}
${dietaryList(dietary)}
<footer>Printed ${e(lodgeMinute(printedAt, lodge.timeZone))} (${e(lodge.timeZone)}) with ${e(eventRsvpsCommand(group.event.id))} --format html.</footer>
</body>
</html>
`;
}
