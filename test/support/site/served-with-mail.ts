import { smtpTransport } from "../../../server/mail/transport.ts";
import { Clock, NOW, sampleData, startServer, type TestServer } from "../api-harness.ts";
import { TestSmtp } from "../smtp-harness.ts";

/**
 * The sample lodge's app serving the built site `distDir` by a controlled clock, its mail sent to
 * a real SMTP server that catches it. What stops them goes into `cleanups`, which the caller runs
 * last first after each test: the server first, then the transport, then the SMTP server.
 */
export async function serveSiteWithMail(
  distDir: string,
  cleanups: (() => Promise<unknown>)[],
): Promise<{ s: TestServer; smtp: TestSmtp }> {
  const smtp = new TestSmtp();
  await smtp.start(0);
  cleanups.push(() => smtp.stop());
  const transport = smtpTransport(smtp.url);
  cleanups.push(async () => transport.close());
  const s = await startServer({
    data: sampleData(),
    config: { distDir },
    clock: new Clock(NOW),
    transport,
  });
  cleanups.push(() => s.close());
  return { s, smtp };
}
