import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The script .ci/run installs the tests' Debian packages with. */
const APT_INSTALL = fileURLToPath(new URL("../../../.ci/apt-install", import.meta.url));

function hasJava(): boolean {
  return spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;
}

/**
 * Java on PATH, for the Nu Html Checker: the machine's, or Debian's default-jre-headless installed
 * now as .ci/run installs it. A check that cannot run fails; it is never skipped.
 */
export function ensureJava(): void {
  if (hasJava()) return;
  const install = spawnSync(APT_INSTALL, ["java", "default-jre-headless"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (install.status !== 0 || !hasJava()) {
    throw new Error(
      "Java is missing and Debian's default-jre-headless could not be installed; install it (sudo apt-get install default-jre-headless) and run the tests again.",
    );
  }
}
