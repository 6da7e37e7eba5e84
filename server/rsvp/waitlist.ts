import { performance } from "node:perf_hooks";
import { setTimeout as pause } from "node:timers/promises";
import { eventPath, pageUrl } from "../../core/api/page-paths.ts";
import { manageLinkExpiry } from "../../core/rules/calendar.ts";
import {
  eventStart,
  formatMediumDate,
  instantOf,
  offerExpiry,
  offerOpen,
  partiesToOffer,
  seatsLeft,
  upcomingRsvpDeadline,
  upcomingRsvpOpen,
  type WaitlistCounts,
  waitlistCounts,
} from "../../core/rules/index.ts";
import type { WaitlistEntry as EntryView, WaitlistState } from "../../core/schemas/api.ts";
import type { Event, LodgeData } from "../../core/schemas/index.ts";
import type { MailContext } from "../mail/messages.ts";
import {
  noMoreOffersText,
  offerExpiresText,
  waitlistOfferOrders,
  waitlistRanOutMails,
} from "../mail/waitlist.ts";
import type { OfferMails, Store, WaitlistEntry, WaitlistOffers } from "../store/store.ts";
import { Refusal } from "../use-cases/refusal.ts";
import type { EventLanes } from "./event-lanes.ts";
import { newRsvpToken, readRsvpToken, rsvpLinkUrl, rsvpTokenHash } from "./manage-link.ts";
import { pageEventOf, partyView } from "./manage-rsvp.ts";

/**
 * The waiting list of a full event, the server's side: the entry a claim link opens and how its
 * page shows it, and the offers a write that frees seats makes. Offers go only while the event
 * takes RSVPs: an offer never outlives the deadline (core's offerExpiry), so a claim is an RSVP
 * made in time.
 */

/** What the waiting list needs of the server. */
export interface WaitlistContext {
  store: Store;
  data: () => LodgeData;
  mail: () => MailContext;
  secret: string;
  /**
   * The server's lanes, in which an event's writes made from a read run one at a time (none
   * for a secretary's command, which writes once and tries again when it went stale).
   */
  lanes?: EventLanes | undefined;
}

/** The claim link of an entry (or of an offer): the claim page, the token after '#'. */
export function claimUrl(siteBase: string, token: string): string {
  return rsvpLinkUrl(siteBase, "claim", token);
}

/** A fresh token for a waiting-list link, and the hash the store keeps of it. */
export function newClaimToken(secret: string): { token: string; hash: string } {
  const token = newRsvpToken(secret, "claim", "event");
  return { token, hash: rsvpTokenHash(token) };
}

/**
 * How long a write that frees seats, or tells the list, is tried again with fresh mails while
 * other processes change the list under it. A cancel or a claim the rules allow is written in
 * the end: in its event's lane nothing of this process makes it stale, so this is a bound for a
 * list that never stops changing, not a number of tries.
 */
export const FRESH_WITHIN_MS = 10_000;

/** What a write that frees seats does besides: the entry it takes off the list, if any. */
export interface FreeingWrite {
  /** The entry the write takes off the list itself (one leaving, or an RSVP taking its place). */
  leaving?: ((entry: WaitlistEntry) => boolean) | undefined;
}

/**
 * The offers a write that frees `freed` seats of `event` needs: the offer mails for the parties
 * core's partiesToOffer picks from the list as the write leaves it (the seats free now, those
 * offers that ran out and holds for a confirmation that ended hold, and the freed ones), or,
 * after a stale attempt, for every waiting
 * party; and the mails that tell of each offer that ran out. Once the event takes no more RSVPs
 * nothing is offered, but offers that ran out are still passed on, with their mails.
 */
export async function offersFor(
  ctx: WaitlistContext,
  event: Event,
  siteBase: string,
  now: Date,
  freed: number,
  everyone = false,
  { leaving }: FreeingWrite = {},
): Promise<WaitlistOffers> {
  const { timeZone, guestLimit } = ctx.data().lodge;
  const open = upcomingRsvpOpen(event, now, timeZone);
  // Read at once: in the event's lane, its other writes wait for this one.
  const [listed, counts, lapsing] = await Promise.all([
    ctx.store.listWaitlist(event.id),
    ctx.store.attendeeCounts(),
    ctx.store.lapsingSeats({ eventId: event.id, now }),
  ]);
  const list = listed.filter((entry) => !leaving?.(entry));
  const offered = list.filter((entry) => entry.state === "offered");
  const expired = offered.filter((entry) => !stillOpen(entry, now));
  const ranOut = everyone ? offered : expired;
  const line = list.filter((entry) => entry.state === "waiting");
  const told = {
    eventUrl: open ? pageUrl(siteBase, eventPath(event.id)) : "",
    nextInLine: line.length > 0,
  };
  const ranOutMails = new Map(
    await Promise.all(
      ranOut.map(
        async (entry) =>
          [entry.id, await waitlistRanOutMails(ctx.mail(), event, entry, told)] as const,
      ),
    ),
  );
  if (!open) return { guestLimit, expiresAt: undefined, mails: new Map(), ranOut: ranOutMails };
  const expiresAt = offerExpiry(now, instantOf(upcomingRsvpDeadline(event), timeZone));
  const taken = counts.get(event.id) ?? 0;
  const held = expired.reduce((sum, entry) => sum + entry.record.attendees, 0);
  // The write lapses the RSVPs whose hold for a confirmation has ended: their seats are free too.
  const free = seatsLeft(taken - held - lapsing - freed, guestLimit);
  const parties = line.map((entry) => ({ id: entry.id, attendees: entry.record.attendees }));
  const picked = new Set(partiesToOffer(parties, free));
  const chosen = everyone ? line : line.filter((entry) => picked.has(entry.id));
  // The list once this write is done, as the secretary's notice of an offer tells it: the parties
  // picked now offered (and the notice's own, after a stale attempt that mails every party). The
  // store checks it in the write, so a party that joined or left meanwhile makes it stale.
  const stillOffered = offered.filter((entry) => !expired.includes(entry));
  const after = (id: number) =>
    listCounts([
      ...stillOffered,
      ...line.map((entry) =>
        picked.has(entry.id) || entry.id === id ? { ...entry, state: "offered" as const } : entry,
      ),
    ]);
  // Orders, composed by the mail worker once the write is done: nothing is composed here, in
  // the event's lane, where every other write of the event waits for this one.
  const mails = new Map<number, OfferMails>();
  for (const entry of chosen) {
    const { token, hash } = newClaimToken(ctx.secret);
    const listAfter = after(entry.id);
    const orders = waitlistOfferOrders(ctx.mail(), entry.record.email, {
      claimUrl: claimUrl(siteBase, token),
      expiresAt: expiresAt.toISOString(),
      after: listAfter,
    });
    mails.set(entry.id, { tokenHash: hash, mails: orders, listAfter });
  }
  return { guestLimit, expiresAt, mails, ranOut: ranOutMails, nextInLine: told.nextInLine };
}

/**
 * Runs a write that frees up to `freed` seats of `event` with the offers it needs, again with
 * fresh ones while the store answers stale (someone joined or left the list meanwhile).
 */
export async function withOffers<T extends { kind: string }>(
  ctx: WaitlistContext,
  event: Event,
  siteBase: string,
  now: Date,
  freed: number,
  write: (offers: WaitlistOffers) => Promise<T>,
  freeing: FreeingWrite = {},
): Promise<Exclude<T, { kind: "stale" }>> {
  return untilFresh(
    async (attempt) =>
      write(await offersFor(ctx, event, siteBase, now, freed, attempt > 0, freeing)),
    { lanes: ctx.lanes, eventId: event.id },
  );
}

/**
 * Runs a write whose mails are made before it (offers, notices that tell the list), in its
 * event's lane when there is one, and again with fresh mails while the store answers stale
 * (another process changed the list meanwhile), for up to FRESH_WITHIN_MS.
 */
export async function untilFresh<T extends { kind: string }>(
  write: (attempt: number) => Promise<T>,
  on: { lanes: EventLanes | undefined; eventId: string },
  /** The monotonic clock and the wait between tries: tests pass their own. */
  time: { now(): number; pause(ms: number): Promise<unknown> } = {
    now: () => performance.now(),
    pause,
  },
): Promise<Exclude<T, { kind: "stale" }>> {
  const until = time.now() + FRESH_WITHIN_MS;
  for (let attempt = 0; ; attempt++) {
    const outcome = await (on.lanes
      ? on.lanes.alone(on.eventId, () => write(attempt))
      : write(attempt));
    if (outcome.kind !== "stale") return outcome as Exclude<T, { kind: "stale" }>;
    if (time.now() > until) break;
    // Another process keeps changing the list: let it finish before reading it again.
    if (attempt > 0) await time.pause(Math.random() * 20 * Math.min(attempt, 5));
  }
  throw new Refusal(
    "busy",
    "The waiting list of this event kept changing while this was being saved, and nothing was saved. Please send it again in a minute.",
  );
}

function stillOpen(entry: WaitlistEntry, now: Date): boolean {
  return entry.offerExpiresAt !== undefined && offerOpen(entry.offerExpiresAt, now);
}

/** A list of waiting and offered parties in figures (core's waitlistCounts). */
export function listCounts(list: readonly WaitlistEntry[]): WaitlistCounts {
  return waitlistCounts(
    list.map((entry) => ({ state: entry.state, attendees: entry.record.attendees })),
  );
}

/** The refusal of a link that is not one of ours, or names no entry. */
const UNKNOWN_LINK = new Refusal(
  "not-found",
  "This link does not open a place on a waiting list: it may have been cut short. Open it again from your mail, whole, or write to the secretary through the contact form.",
);

/** An entry a claim link opens, with its event and where it stands for its visitor. */
export interface OpenedEntry {
  entry: WaitlistEntry;
  event: Event;
  state: WaitlistState;
  /** Whether the event takes RSVPs (and so its list offers seats) at the time it was opened. */
  open: boolean;
}

/** The entry a claim link's token names, or the refusal a person can act on. */
export async function openEntry(
  ctx: WaitlistContext,
  token: string,
  now: Date,
): Promise<OpenedEntry> {
  const read = readRsvpToken(ctx.secret, "claim", token);
  if (!read) throw UNKNOWN_LINK;
  const entry = await ctx.store.findWaitlistEntryByToken(read.hash);
  if (!entry) throw UNKNOWN_LINK;
  const data = ctx.data();
  const event = data.events.find((candidate) => candidate.id === entry.record.eventId);
  const { timeZone } = data.lodge;
  if (!event || now.getTime() >= manageLinkExpiry(event, timeZone).getTime()) {
    const name = event
      ? `${event.name} on ${formatMediumDate(eventStart(event.date))}`
      : "its event";
    throw new Refusal(
      "gone",
      `This link has expired: it worked until a day after ${name}. To ask about it, write to the secretary through the contact form.`,
    );
  }
  const open = upcomingRsvpOpen(event, now, timeZone);
  return { entry, event, state: stateOf(entry, event, open, now), open };
}

/** Where an entry stands at `now`: an offer past its time has run out, a closed event closes the list. */
function stateOf(entry: WaitlistEntry, event: Event, open: boolean, now: Date): WaitlistState {
  if (entry.state === "offered" && !stillOpen(entry, now)) return "expired";
  if (entry.state === "offered" && !event.cancelled) return "offered";
  if (entry.state === "waiting" || entry.state === "offered") return open ? "waiting" : "closed";
  return entry.state;
}

/** The sentence the claim page shows above the entry, and the claim and leave routes answer. */
export function entryMessage(opened: OpenedEntry, ctx: Pick<MailContext, "lodge" | "secretary">) {
  const { entry, event } = opened;
  const party = `${entry.record.attendees} ${entry.record.attendees === 1 ? "seat" : "seats"}`;
  switch (opened.state) {
    case "waiting":
      return `You are number ${entry.position ?? 1} in line for ${event.name} (${party}). We will e-mail you if seats free up for you.`;
    case "offered":
      return `${party} for ${event.name} are held for you until ${offerExpiresText(ctx, entry.offerExpiresAt ?? new Date(0))}: claim them before then, or leave the list so they go to the next in line.`;
    case "claimed":
      return `You claimed your seats: your reservation for ${event.name} is confirmed, and its confirmation mail has the link to change or cancel it.`;
    case "expired": {
      // As the mail of an offer run out says: off the list; back in line only while it is open.
      const ranOut = `The seats offered to you for ${event.name} were held until ${offerExpiresText(ctx, entry.offerExpiresAt ?? new Date(0))} and were not claimed, so you are no longer on its waiting list.`;
      return opened.open
        ? `${ranOut} If you would still like to come, you may reserve while seats are free, or join the waiting list again, at the end of the line.`
        : `${ranOut} ${noMoreOffersText(event)}`;
    }
    case "left":
      if (entry.replaced) {
        return "You sent the form again with the same e-mail address: the newer request took this one's place in line. Use the link in the mail that confirmed it.";
      }
      return entry.rsvpId !== undefined
        ? `You reserved for ${event.name} with the RSVP form, so you are no longer on its waiting list: that reservation's mail has the link to change or cancel it.`
        : `You are no longer on the waiting list for ${event.name}.`;
    case "closed":
      return `${noMoreOffersText(event)} To ask about it, write to the secretary at ${ctx.secretary}.`;
  }
}

/** The entry as the claim page shows it. */
export function entryView(
  opened: OpenedEntry,
  ctx: Pick<MailContext, "lodge" | "secretary">,
): EntryView {
  const { entry, event, state } = opened;
  const { record } = entry;
  return {
    state,
    message: entryMessage(opened, ctx),
    event: pageEventOf(event),
    ...partyView(record),
    ...(state === "waiting" && entry.position !== undefined ? { position: entry.position } : {}),
    ...(state === "offered" && entry.offerExpiresAt
      ? { offerExpires: offerExpiresText(ctx, entry.offerExpiresAt) }
      : {}),
    secretary: ctx.secretary,
  };
}
