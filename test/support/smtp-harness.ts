import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. While `refusing` is set it answers
 * every message with a temporary failure (451), as a mail server does when it is overloaded. It
 * refuses for good (550, no such user) the recipients in `unknown`, and for the recipients in
 * `stalling` it takes the whole message (kept in `stalled`) and never answers, as a server that
 * hangs does.
 */
export class TestSmtp {
  readonly received: Received[] = [];
  readonly stalled: Received[] = [];
  readonly unknown = new Set<string>();
  readonly stalling = new Set<string>();
  refusing = false;
  #server: SMTPServer;
  port = 0;

  constructor() {
    this.#server = this.#create();
  }

  #create(): SMTPServer {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.unknown.has(address.address)) return callback();
        const error = new Error(`5.1.1 <${address.address}>: user unknown`) as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          if (this.refusing) {
            const error = new Error("Try again later") as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          };
          if (mail.to.some((to) => this.stalling.has(to))) {
            this.stalled.push(mail);
            return;
          }
          this.received.push(mail);
          callback();
        });
      },
    });
    // A client killed mid-message (a crashed lodge announce) resets its connection: a real
    // server notes it and goes on serving the others.
    server.on("error", (error: NodeJS.ErrnoException) => {
      // Any other error is as it was: the start's to report, or thrown when nothing listens.
      if (error.code !== "ECONNRESET" && server.listenerCount("error") === 1) throw error;
    });
    return server;
  }

  /** Listens on `port` (0 for any free one; the same one again after `stop`). */
  async start(port = this.port): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once("error", reject);
      this.#server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.#server.server.address() as AddressInfo).port;
  }

  /** Stops listening: connections are refused until `start` again. */
  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server = this.#create();
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
