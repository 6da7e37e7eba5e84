import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { lodge } from "../../generated/lodge.ts";

const HOME = "/home";

/**
 * The empty path and any unknown path go home (SPEC 2). The prerendered page (also the site's
 * 404.html) redirects without JavaScript; in the app the router replaces the address.
 */
export const meta = () => [
  { title: lodge.name },
  { httpEquiv: "refresh", content: `0; url=${HOME}` },
  { name: "robots", content: "noindex" },
];

export default function RedirectHome() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(HOME, { replace: true });
  }, [navigate]);
  return (
    <p className="container">
      <Link to={HOME}>Go to the home page of {lodge.name}</Link>
    </p>
  );
}
