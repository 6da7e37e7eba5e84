import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { lodgePlaces } from "../../core/places.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { startDev } from "../dev/dev-server.ts";
import { GENERATED_DIR } from "../emit/emit-modules.ts";
import { imagesOption } from "./build.ts";
import { stopped } from "./serve.ts";

const optionsSchema = z.object({
  data: dataDir,
  images: z.string().min(1, { error: "give the pictures' folder, e.g. --images var/images" }),
  port: z.coerce
    .number({ error: "expected a port number, e.g. 8080" })
    .int({ error: "expected a port number, e.g. 8080" })
    .min(0, { error: "expected a port number from 0 to 65535" })
    .max(65535, { error: "expected a port number from 0 to 65535" }),
});

export function devCommand(ctx: Context): Command {
  return new Command("dev")
    .description(
      "build and serve the site with the API while you edit the data: it rebuilds on every save and open pages reload",
    )
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option("--port <n>", "the port to listen on, on 127.0.0.1", "8080")
    .option(imagesOption.flags, imagesOption.description, imagesOption.default)
    .addHelpText(
      "after",
      [
        "",
        "Open http://127.0.0.1:8080 and edit a file in data/: the page reloads with the change,",
        "or shows what is wrong. The build, RSVPs and mail (never sent) are kept in var/dev/",
        "(var/lodges/<data folder>/dev/ for a data folder other than data).",
        "",
        "Example:",
        "  lodge dev --data data --port 8080",
      ].join("\n"),
    )
    .action(async (raw) => {
      const options = parseOptions(optionsSchema, raw);
      const dataPath = resolve(ctx.cwd, options.data);
      const own = lodgePlaces(dataPath, ctx.cwd);
      const server = await startDev(
        {
          cwd: ctx.cwd,
          dataDir: dataPath,
          generatedDir: ctx.generatedDir ?? own.generated ?? GENERATED_DIR,
          imagesDir: resolve(ctx.cwd, options.images),
          varDir: own.dev,
          port: options.port,
          env: ctx.env ?? process.env,
        },
        ctx,
      );
      await stopped(ctx.stop);
      await server.close();
      ctx.out("Stopped.");
    });
}
