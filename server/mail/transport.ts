import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import type { DkimSigning } from "../config.ts";
import type { SendableMail } from "../store/store.ts";

/** Where queued mail goes: an SMTP server, or a folder of .eml files while there is none. */
export interface MailTransport {
  /** Hands one message over; resolves only once it has been accepted. */
  deliver(mail: SendableMail): Promise<void>;
  /** For the start-up line: the SMTP host (never its password) or the folder. */
  readonly description: string;
  /** The folder it writes mail to as files, instead of handing it to a mail server. */
  readonly writesTo?: string;
  close(): Promise<void>;
}

/**
 * How long an SMTP conversation may stay silent: a connection that does not open, a greeting
 * that does not come, or a server that takes the message and never answers. Our mails are small
 * (a few kilobytes, 30 at most with a calendar file): even on a slow line they are sent in well
 * under a second, so a server silent this long has stalled, and the send is given up and
 * retried later instead of holding its slot.
 */
export const SMTP_TIMEOUT_MS = 20_000;

/**
 * True when the mail server refused the message for good: a 5xx answer (550 no such user, 554
 * rejected...). Such a mail is not retried. Connection failures, timeouts and 4xx answers are
 * temporary.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** Mails handed to the SMTP server at once; the mail worker sends as many. */
export const SMTP_CONNECTIONS = 4;

/**
 * Sends over SMTP from a URL such as smtp://user:password@host:587, on a pool of connections
 * kept open between mails, one per mail the worker sends at once: a connection that stalls is
 * given up after the timeout and replaced, and the others go on.
 */
export function smtpTransport(
  url: string,
  options: { timeoutMs?: number; dkim?: DkimSigning | undefined } = {},
): MailTransport {
  const timeout = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  const transporter = createTransport({
    // nodemailer's own DKIM signing, of each message as it is handed over.
    ...(options.dkim ? { dkim: options.dkim } : {}),
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
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
 * name, flushed to disk, then renamed. Writing the same mail again replaces the file. The writes
 * and the flush run on libuv's threads, so the server answers requests meanwhile.
 */
export function outboxFolderTransport(dir: string): MailTransport {
  return {
    description: dir,
    writesTo: dir,
    async deliver(mail) {
      const name = `${String(mail.id).padStart(6, "0")}-${mail.kind}.eml`;
      const temporary = join(dir, `.${name}.tmp`);
      const write = async () => {
        await writeFile(temporary, mail.raw, { flush: true });
        await rename(temporary, join(dir, name));
      };
      try {
        await write();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        // The folder is not there (the first mail, or it was removed): made, and written again.
        await mkdir(dir, { recursive: true });
        await write();
      }
    },
    async close() {},
  };
}
