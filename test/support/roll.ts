import type { Member } from "../../core/schemas/member.ts";
import type { ComposedMail } from "../../server/store/store.ts";

/** Brother `n` of a test roll: number 100n, m`n`@example.org, a Master Mason in good standing. */
export const rollMember = (n: number, more: Partial<Member> = {}): Member & { key: string } => ({
  number: String(1000 + n),
  firstName: `Brother${n}`,
  lastName: `Mason${n}`,
  title: "",
  email: `m${n}@example.org`,
  phone: "",
  degree: "master-mason",
  status: "active",
  dietary: "",
  key: `key${String(n).padStart(13, "0")}`,
  ...more,
});

let mailId = 0;
/** A composed mail of `kind` to `to`, as the store queues it: its text is no test's business. */
export const composedMail = (kind: string, to: string): ComposedMail => ({
  kind,
  envelope: { from: "lodge@example.org", to: [to] },
  messageId: `<${kind}-${++mailId}@example.org>`,
  raw: Buffer.from(`Subject: ${kind}\r\nTo: ${to}\r\n\r\nBody`),
});
