import type { AppConfig } from "../config.ts";
import type { LodgeSource } from "../lodge-source.ts";
import { manageUrl, newRsvpToken, rsvpTokenHash } from "../rsvp/manage-link.ts";
import type { ManageLink } from "./reminders.ts";

/**
 * A fresh manage link for a reminder: the store keeps only the hash of an RSVP's token, so the
 * confirmation's link cannot be rebuilt, and the reminder's link takes its place (the store
 * renews the hash in the transaction that queues the reminder). A job has no request to learn
 * the site's address from: without `siteUrl` in lodge.yaml the reminder says to reply instead.
 */
export function manageLinkOf(config: AppConfig, data: LodgeSource): ManageLink {
  return (kind) => {
    const { siteUrl } = data().lodge;
    if (!siteUrl) return undefined;
    const token = newRsvpToken(config.xsrfSecret, "manage", kind);
    return { url: manageUrl(siteUrl, token), tokenHash: rsvpTokenHash(token) };
  };
}
