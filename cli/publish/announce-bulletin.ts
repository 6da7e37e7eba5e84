import type { LodgeData } from "../../core/schemas/index.ts";
import { announceBulletin } from "../../server/use-cases/announce.ts";
import { secretaryMail, serverSecret } from "../../server/use-cases/secretary.ts";
import type { Context } from "../context.ts";
import { plural } from "../load/summary.ts";
import { databaseOf, withStore } from "../secretary/output.ts";

/**
 * After a publish, the current bulletin's announcement (lodge.yaml's `bulletin: { announce:
 * true }`), queued once per bulletin in the database lodge serve keeps, which sends it. What
 * keeps it from being queued (no database here, no secret, no siteUrl) is said, and the
 * publish, done already, stands.
 */
export async function announceBulletinAfterPublish(
  ctx: Context,
  data: LodgeData,
  dataDir: string,
): Promise<void> {
  const { lodge } = data;
  if (!lodge.bulletin?.announce) return;
  const env = ctx.env ?? process.env;
  const choice = { data: dataDir, lodge };
  const mail = secretaryMail(lodge, env, ctx.cwd);
  const secret = serverSecret(lodge, env, ctx.cwd, databaseOf(ctx, choice));
  const warn = (why: string) =>
    ctx.err(`The bulletin ${data.bulletins.current} is not announced: ${why}`);
  if (!lodge.siteUrl) return warn("lodge.yaml has no siteUrl for its link.");
  if (!mail || !secret) {
    return warn(
      "run lodge publish where lodge serve runs (its SECRETARY_EMAIL and secret), and it is announced then.",
    );
  }
  try {
    await withStore(ctx, choice, async (store) => {
      const siteBase = lodge.siteUrl as string;
      const done = await announceBulletin(
        { store, mail, secret, siteBase },
        { current: data.bulletins.current, lodgeName: lodge.name },
        ctx.now ?? new Date(),
      );
      if (done) {
        ctx.out(
          `Announced the new bulletin (${data.bulletins.current}) to ${plural(done.queued, "address", "addresses")}: lodge serve sends it.`,
        );
      }
    });
  } catch (error) {
    warn(`${error instanceof Error ? error.message : String(error)}`);
  }
}
