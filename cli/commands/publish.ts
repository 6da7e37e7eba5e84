import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { lodgePlaces, OWN_PLACES } from "../../core/places.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { loadData } from "../load/load-data.ts";
import { announceBulletinAfterPublish } from "../publish/announce-bulletin.ts";
import { publish } from "../publish/publish.ts";
import { targetText } from "../publish/targets.ts";
import { imagesOption } from "./build.ts";

const optionsSchema = z.object({
  data: dataDir,
  dist: z.string().min(1, { error: "give the built site's folder, e.g. --dist dist" }).optional(),
  target: targetText.optional(),
  endpoint: z
    .url({ protocol: /^https?$/, error: "expected an address such as http://127.0.0.1:4443" })
    .optional(),
  images: z.string().min(1, { error: "give the pictures' folder, e.g. --images var/images" }),
  dryRun: z.boolean().default(false),
  json: z.boolean().default(false),
  prune: z.boolean().default(false),
});

export function publishCommand(ctx: Context): Command {
  return new Command("publish")
    .description(
      "upload the built site (and media served from their own buckets) to Cloud Storage or a folder, only the files that changed",
    )
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option("--dist <dir>", `the built site to upload (default: the lodge's own: ${OWN_PLACES})`)
    .option(
      "--target <where>",
      "where the site goes: gs://BUCKET[/prefix] or file://DIR (default: publish.site in lodge.yaml)",
    )
    .option(
      "--images <dir>",
      "the web sizes of the pictures lodge build made, for media served from buckets",
      imagesOption.default,
    )
    .option("--dry-run", "list what would be uploaded and deleted, and change nothing")
    .option("--json", "print what was (or would be) uploaded as JSON")
    .option("--prune", "delete files in the target that the build no longer has")
    .option(
      "--endpoint <url>",
      "the Cloud Storage API's address, for a local emulator (default: Google's)",
    )
    .addHelpText(
      "after",
      [
        "",
        "Targets can be kept in lodge.yaml:",
        "  publish:",
        "    site: gs://hillcrest-site",
        "    bulletins: gs://hillcrest-bulletins   # when media serves bulletins from that bucket",
        "",
        "Media served from https://storage.googleapis.com/BUCKET/... is published to that bucket",
        "without a line of its own. Pictures go up as the web sizes lodge build made (var/images).",
        "",
        "Credentials come from `gcloud auth application-default login` or GOOGLE_APPLICATION_CREDENTIALS.",
        "Everything is checked before anything is uploaded; a rerun finishes an interrupted publish.",
        "",
        "Examples:",
        "  lodge publish --target gs://hillcrest-site --dry-run",
        "  lodge publish --target file:///var/www/hillcrest",
      ].join("\n"),
    )
    .action(async (raw) => {
      const options = parseOptions(optionsSchema, raw);
      const dataPath = resolve(ctx.cwd, options.data);
      await publish(
        {
          cwd: ctx.cwd,
          dataDir: dataPath,
          distDir: resolve(ctx.cwd, options.dist ?? lodgePlaces(dataPath, ctx.cwd).dist),
          target: options.target,
          endpoint: options.endpoint,
          imagesDir: resolve(ctx.cwd, options.images),
          dryRun: options.dryRun,
          json: options.json,
          prune: options.prune,
        },
        ctx,
      );
      // A bulletin published for the first time is announced, once (bulletin.announce).
      if (options.dryRun || ctx.exitCode !== 0) return;
      const { data } = loadData(dataPath, ctx.cwd);
      if (data) await announceBulletinAfterPublish(ctx, data, options.data);
    });
}
