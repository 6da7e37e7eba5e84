import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { STICKY_HEADER_PX } from "../../../core/constants.ts";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";
import { lodge } from "../../generated/lodge.ts";
import { useScrolledPast } from "../lib/scroll.ts";
import { headerNav, type NavLink as Item, isGroup } from "../site-map.ts";
import { Picture } from "./Picture.tsx";

const NAV = headerNav(lodge);

function MenuLink({ link }: { link: Item }) {
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer">
        {link.label}
        <span className="visually-hidden"> (opens in a new window)</span>
      </a>
    );
  }
  if (link.file) {
    return (
      <a href={link.href} target="_blank" rel="noopener">
        {link.label}
        <span className="visually-hidden"> (opens in a new window)</span>
      </a>
    );
  }
  return <NavLink to={link.href}>{link.label}</NavLink>;
}

/**
 * The site header (SPEC 2): the lodge's name and every page, grouped in menus, the petition and
 * other sites. The bar sticks to the top once the page is scrolled 99px; its place in the page is
 * kept, so nothing below moves.
 */
export function Header({ logo }: { logo: PictureData | undefined }) {
  const stuck = useScrolledPast(STICKY_HEADER_PX);
  const [open, setOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();

  // A new page closes the menus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    setOpen(false);
    for (const details of nav.current?.querySelectorAll("details[open]") ?? []) {
      details.removeAttribute("open");
    }
  }, [pathname]);

  // A click outside the menus or Escape closes them.
  useEffect(() => {
    const closeAll = (except?: Element | null) => {
      for (const details of nav.current?.querySelectorAll("details[open]") ?? []) {
        if (details !== except) details.removeAttribute("open");
      }
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!nav.current?.contains(target)) {
        closeAll();
        setOpen(false);
      } else closeAll(target?.closest("details"));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const openDetails = document.activeElement?.closest("details[open]");
      closeAll();
      openDetails?.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <header className={`site-header${stuck ? " is-stuck" : ""}`} data-stuck={stuck}>
      <div className="header-bar">
        <div className="header-inner">
          <Link to="/home" className="brand">
            {logo && <Picture picture={logo} alt="" sizes="44px" loading="eager" />}
            <span>{lodge.name}</span>
          </Link>
          <nav ref={nav} aria-label="Main">
            <button
              type="button"
              className="menu-button"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((value) => !value)}
            >
              <span className="menu-icon" aria-hidden="true" />
              Menu
            </button>
            <ul id={menuId} className={`menu${open ? " is-open" : ""}`}>
              {NAV.map((item) =>
                isGroup(item) ? (
                  <li key={item.label} className="menu-group">
                    <details>
                      <summary>{item.label}</summary>
                      <ul>
                        {item.links.map((link) => (
                          <li key={link.href}>
                            <MenuLink link={link} />
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ) : (
                  <li key={item.href}>
                    <MenuLink link={item} />
                  </li>
                ),
              )}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
