/** Where a page under `lodge dev` hears of rebuilds (Server-Sent Events). */
export const EVENTS_PATH = "/__lodge/events";
/** The script `lodge dev` adds to every page it serves. */
export const CLIENT_PATH = "/__lodge/dev.js";

/** The tag added to each page's head: an external script, so each page's policy allows it. */
export const CLIENT_TAG = `<script src="${CLIENT_PATH}" defer></script>`;

/**
 * The browser side of `lodge dev`: reloads the page after a rebuild, and shows the data's errors
 * in a banner over the page (the page keeps the last good build underneath). Plain JavaScript,
 * served as it is; it only runs in development.
 */
export const CLIENT_SCRIPT = `(() => {
  const events = new EventSource(${JSON.stringify(EVENTS_PATH)});
  let banner;
  const show = (title, lines, error) => {
    banner?.remove();
    banner = document.createElement("div");
    banner.setAttribute("role", error ? "alert" : "status");
    banner.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:2147483647;max-height:50vh;overflow:auto;padding:1rem 1.25rem;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;color:#fff;box-shadow:0 -2px 8px rgba(0,0,0,.3)";
    banner.style.background = error ? "#7f1d1d" : "#1e3a8a";
    const heading = document.createElement("strong");
    heading.textContent = title;
    banner.append(heading);
    for (const line of lines) {
      const item = document.createElement("div");
      item.textContent = line;
      item.style.whiteSpace = "pre-wrap";
      banner.append(item);
    }
    document.body.append(banner);
  };
  events.addEventListener("building", () => {
    if (banner?.getAttribute("role") !== "alert") show("lodge dev: rebuilding the site…", [], false);
  });
  events.addEventListener("reload", () => location.reload());
  events.addEventListener("error", (event) => {
    // EventSource also fires "error" without data when the connection drops; it reconnects itself.
    if (typeof event.data !== "string") return;
    const { problems } = JSON.parse(event.data);
    show("lodge dev: the data has errors, so this page shows the last good build. Fix them and save:", problems, true);
  });
})();
`;
