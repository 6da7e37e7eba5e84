import { type ReactNode, use, useState } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  type LoaderFunctionArgs,
  type Location,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Picture } from "../../core/rules/pictures.ts";
import { wallTimeIn } from "../../core/rules/time.ts";
import { knowZoneOffsets } from "../../core/rules/wall-time.ts";
import { lodge } from "../generated/lodge.ts";
import { AlertBanner, AlertProvider } from "./components/Alerts.tsx";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { JoinBlock } from "./components/JoinBlock.tsx";
import { buildMoment } from "./lib/build-moment.ts";
import { textChanges, zoneOffsetsFor } from "./lib/by-time.server.ts";
import { HydratedProvider } from "./lib/hydrated.tsx";
import { pageHydrates } from "./lib/hydration.ts";
import { NowProvider } from "./lib/now.tsx";
import { logo } from "./lib/pictures.server.ts";
import { type ShareTag, shareTags } from "./lib/share.server.ts";
import { siteScriptSource } from "./lib/site-script.ts";
import type { RefreshHandle } from "./routes/redirect-home.tsx";
import { isGalleryPath } from "./site-map.ts";
import "./styles/site.css";
import { HOME_PAGE } from "../../core/api/page-paths.ts";

/**
 * The prerendered pages show the build moment; hydration starts from it too, and a page without
 * React moves its footer's year on at the moments given here. The share tags are the page's
 * (canonical address, share picture), made from its address.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const builtAt = buildMoment();
  return {
    builtAt: builtAt.getTime(),
    yearChanges: textChanges((at) => String(wallTimeIn(at, lodge.timeZone).year), builtAt, 10),
    zone: zoneOffsetsFor(lodge.timeZone, builtAt),
    logo: logo(),
    share: shareTags(new URL(request.url).pathname),
  };
}

/**
 * Without scripts the menu button cannot open the menu: the menu is shown instead, and on narrow
 * screens it takes its place in the page's flow under the brand, so it covers nothing.
 */
const NO_SCRIPT_MENU = [
  ".menu { display: flex; }",
  "@media (max-width: 1100px) {",
  ".menu-button { display: none; }",
  ".header-inner { flex-wrap: wrap; padding-top: 0.6rem; }",
  ".header-bar nav { flex-basis: 100%; }",
  ".menu { position: static; max-height: none; border-bottom: 0; padding: 0 0 0.75rem; }",
  "}",
].join(" ");

/**
 * Where the page sends a browser without JavaScript, when its route says so. The refresh belongs
 * in the head: a <meta http-equiv> in the body's <noscript> is not HTML.
 */
function useNoscriptRefresh(): string | undefined {
  const matches = useMatches();
  return matches
    .map((match) => (match.handle as Partial<RefreshHandle> | undefined)?.noscriptRefresh)
    .find((target) => target !== undefined);
}

/**
 * Whether the page loads React (see hydration.ts). In the browser React runs, so the page did;
 * and it keeps the router's scripts while it shows pages that would not have loaded them.
 */
function useHydrates(): boolean {
  const matches = useMatches();
  const spaFallback = use(UNSAFE_FrameworkContext)?.isSpaMode ?? false;
  return !import.meta.env.SSR || pageHydrates(matches, spaFallback);
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const icon = root?.logo.icon;
  const refresh = useNoscriptRefresh();
  const hydrates = useHydrates();
  const { pathname } = useLocation();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {icon && <link rel="icon" href={icon} />}
        <Meta />
        {/* Only in the HTML the build writes, which is what link previews and search engines
            read: the browser's bundle leaves them out (React skips head tags it did not render),
            so they cost the pages no script. */}
        {import.meta.env.SSR && root ? <ShareTags tags={root.share} /> : null}
        <Links />
        {/* React in the browser renders no <noscript>'s content: the build's is kept. */}
        <noscript>{import.meta.env.SSR && <style>{NO_SCRIPT_MENU}</style>}</noscript>
        {refresh && (
          <noscript
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed refresh of the site's own; as a React <meta> it would be hoisted out of <noscript>
            dangerouslySetInnerHTML={{
              __html: `<meta http-equiv="refresh" content="0; url=${refresh}">`,
            }}
          />
        )}
      </head>
      <body>
        {children}
        {hydrates && <ScrollRestoration />}
        {hydrates && <Scripts />}
        <script
          // The script is written by the build only: React in the browser keeps it as it is.
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own fixed script
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR
              ? siteScriptSource({ hydrates, keepStorage: isGalleryPath(pathname) })
              : "",
          }}
        />
      </body>
    </html>
  );
}

function ShareTags({ tags }: { tags: readonly ShareTag[] }) {
  return tags.map((tag) =>
    "rel" in tag ? (
      <link key={tag.rel} {...tag} />
    ) : (
      <meta key={"property" in tag ? tag.property : tag.name} {...tag} />
    ),
  );
}

function sameUrl(a: Location, b: Location): boolean {
  return a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

/**
 * Router rules of SPEC 2: leaving a route that is not an image-gallery route clears local storage,
 * and a navigation to the URL already shown reloads the page (its content starts afresh).
 * Returns the key the page's content is mounted under. Storage is cleared while rendering the new
 * page, before its components mount and read it; clearing is idempotent, so a render React throws
 * away and repeats does no harm.
 */
function useSiteNavigation(): number {
  const location = useLocation();
  const [seen, setSeen] = useState({ location, reloads: 0 });
  if (seen.location.key !== location.key) {
    const left = seen.location.pathname !== location.pathname;
    if (left && !isGalleryPath(seen.location.pathname)) {
      try {
        localStorage.clear();
      } catch {
        // Storage may be disabled; nothing to clear then.
      }
    }
    setSeen({
      location,
      reloads: seen.reloads + (sameUrl(seen.location, location) ? 1 : 0),
    });
  }
  return seen.reloads;
}

function SiteLayout({ children, logo }: { children: ReactNode; logo: Picture | undefined }) {
  const reloads = useSiteNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header logo={logo} />
      <AlertBanner />
      <main id="main" tabIndex={-1} key={reloads}>
        {children}
      </main>
      <JoinBlock />
      <Footer />
    </>
  );
}

export default function App() {
  const { builtAt, logo, zone } = useLoaderData<typeof loader>();
  // Before any part of the page reads the lodge's time (idempotent, so safe while rendering).
  knowZoneOffsets(zone);
  // HydratedProvider marks the page as hydrated and, as the site script does on a page without
  // React, ready.
  return (
    <HydratedProvider>
      <NowProvider builtAt={builtAt}>
        <AlertProvider>
          <SiteLayout logo={logo.picture}>
            <Outlet />
          </SiteLayout>
        </AlertProvider>
      </NowProvider>
    </HydratedProvider>
  );
}

export function HydrateFallback() {
  return <p className="container">Loading…</p>;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <main id="main" className="container error-page">
      <h1>{status === 404 ? "Page not found" : "Something went wrong"}</h1>
      <p>
        Sorry, this page of {lodge.name} could not be shown.{" "}
        <Link to={`/${HOME_PAGE}`}>Go to the home page</Link>.
      </p>
    </main>
  );
}
