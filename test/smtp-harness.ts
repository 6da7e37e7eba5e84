import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. While `refusing` is set it answers
 * every message with a temporary failure (451), as a mail server does when it is overloaded.
 */
export class TestSmtp {
  readonly received: Received[] = [];
  refusing = false;
  #server: SMTPServer;
  port = 0;

  constructor() {
    this.#server = this.#create();
  }

  #create(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
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
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
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
