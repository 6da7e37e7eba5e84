import type { z } from "zod";
import {
  answerRequestSchema,
  answerTokenRequestSchema,
  attendeeCountsQuerySchema,
  attendeeCountsSchema,
  contactRequestSchema,
  formTokenSchema,
  managedRsvpSchema,
  memberAnswerSchema,
  noQuerySchema,
  pastMasterListAnswerSchema,
  rsvpChangeRequestSchema,
  rsvpTokenRequestSchema,
  sheetRowWrittenSchema,
  submittedSchema,
  waitlistEntrySchema,
} from "../schemas/api.ts";
import {
  doorChangesRequestSchema,
  doorRegisterSchema,
  doorTokenRequestSchema,
  doorVisitorSearchSchema,
  doorVisitorsSchema,
} from "../schemas/door.ts";
import { eventRsvpPayloadSchema, socialRsvpPayloadSchema } from "../schemas/payloads.ts";
import { API_ROUTES, type ApiRouteName } from "./routes.ts";

/**
 * The contract between the site and the server: every route of the API with its method, path,
 * the schema of what it takes (a POST's body, a GET's query) and the schema of what it answers.
 * The server registers each route from here, validating with its request schema; the site calls
 * each through core/api/routes.ts, typed by these schemas. Server-side: it brings zod.
 */
function declare<K extends ApiRouteName, Req extends z.ZodType, Res extends z.ZodType>(
  name: K,
  request: Req,
  response: Res,
) {
  return { name, ...API_ROUTES[name], request, response };
}

export const API_CONTRACT = {
  eventRsvp: declare("eventRsvp", eventRsvpPayloadSchema, submittedSchema),
  eventSheetRow: declare("eventSheetRow", eventRsvpPayloadSchema, sheetRowWrittenSchema),
  attendeeCounts: declare("attendeeCounts", attendeeCountsQuerySchema, attendeeCountsSchema),
  socialRsvp: declare("socialRsvp", socialRsvpPayloadSchema, submittedSchema),
  socialSheetRow: declare("socialSheetRow", socialRsvpPayloadSchema, sheetRowWrittenSchema),
  formToken: declare("formToken", noQuerySchema, formTokenSchema),
  contact: declare("contact", contactRequestSchema, submittedSchema),
  pastMasterList: declare("pastMasterList", noQuerySchema, pastMasterListAnswerSchema),
  manageRsvp: declare("manageRsvp", rsvpTokenRequestSchema, managedRsvpSchema),
  changeRsvp: declare("changeRsvp", rsvpChangeRequestSchema, submittedSchema),
  cancelRsvp: declare("cancelRsvp", rsvpTokenRequestSchema, submittedSchema),
  confirmRsvp: declare("confirmRsvp", rsvpTokenRequestSchema, submittedSchema),
  joinWaitlist: declare("joinWaitlist", eventRsvpPayloadSchema, submittedSchema),
  waitlistEntry: declare("waitlistEntry", rsvpTokenRequestSchema, waitlistEntrySchema),
  leaveWaitlist: declare("leaveWaitlist", rsvpTokenRequestSchema, submittedSchema),
  claimOffer: declare("claimOffer", rsvpTokenRequestSchema, submittedSchema),
  memberAnswer: declare("memberAnswer", answerTokenRequestSchema, memberAnswerSchema),
  answerSummons: declare("answerSummons", answerRequestSchema, memberAnswerSchema),
  doorRegister: declare("doorRegister", doorTokenRequestSchema, doorRegisterSchema),
  doorChanges: declare("doorChanges", doorChangesRequestSchema, doorRegisterSchema),
  doorVisitors: declare("doorVisitors", doorVisitorSearchSchema, doorVisitorsSchema),
} satisfies { [K in ApiRouteName]: { name: K; request: z.ZodType; response: z.ZodType } };

export type ApiRoute = (typeof API_CONTRACT)[ApiRouteName];
