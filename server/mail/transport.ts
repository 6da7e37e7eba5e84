import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import type { QueuedMail } from "../store/store.ts";

/** Where queued mail goes: an SMTP server, or a folder of .eml files while there is none. */
export interface MailTransport {
  /** Hands one message over; resolves only once it has been accepted. */
  deliver(mail: QueuedMail): Promise<void>;
  /** For the start-up line: the SMTP host (never its password) or the folder. */
  readonly description: string;
  close(): Promise<void>;
}

/** Sends over SMTP from a URL such as smtp://user:password@host:587. */
export function smtpTransport(url: string): MailTransport {
  // Short timeouts: a send that hangs holds up the queue, and a failed one is simply retried.
  const transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const parsed = new URL(url);
  return {
    description: `${parsed.protocol}//${parsed.host}`,
    async deliver(mail) {
      await transporter.sendMail({ envelope: mail.envelope, raw: mail.raw });
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Writes each message to the folder as NNNNNN-kind.eml, whole or not at all: to a temporary
 * name, flushed to disk, then renamed. Writing the same mail again replaces the file.
 */
export function outboxFolderTransport(dir: string): MailTransport {
  return {
    description: dir,
    async deliver(mail) {
      mkdirSync(dir, { recursive: true });
      const name = `${String(mail.id).padStart(6, "0")}-${mail.kind}.eml`;
      const temporary = join(dir, `.${name}.tmp`);
      writeFileSync(temporary, mail.raw, { flush: true });
      renameSync(temporary, join(dir, name));
    },
    async close() {},
  };
}
