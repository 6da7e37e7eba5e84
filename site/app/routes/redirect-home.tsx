import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { HOME_PAGE } from "../../../core/api/page-paths.ts";
import { lodge } from "../../generated/lodge.ts";
import { REDIRECT_SCRIPT, redirectTarget } from "../site-map.ts";

const HOME = `/${HOME_PAGE}`;

/**
 * The empty path and any unknown path go home, an unknown album to the image gallery (SPEC 2).
 * This page is also the site's 404.html, served for every address the build did not write. Its
 * first script sends the browser on before anything else loads; without JavaScript, the refresh
 * the layout puts in the head's <noscript> goes home; inside the app the router replaces the
 * address.
 */
export const meta = () => [{ title: lodge.name }, { name: "robots", content: "noindex" }];

/** What a route asks of the layout's <head>: where a browser without JavaScript is sent at once. */
export type RefreshHandle = { noscriptRefresh: string };

export const handle: RefreshHandle = { noscriptRefresh: HOME };

export default function RedirectHome() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    navigate(redirectTarget(pathname), { replace: true });
  }, [navigate, pathname]);
  return (
    <div className="container">
      <script
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of the site's own
        dangerouslySetInnerHTML={{ __html: REDIRECT_SCRIPT }}
      />
      <h1>{lodge.name}</h1>
      <p>
        <Link to={HOME}>Go to the home page of {lodge.name}</Link>
      </p>
    </div>
  );
}
