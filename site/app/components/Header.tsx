import { useId } from "react";
import { Link, NavLink } from "react-router";
import { HOME_PAGE } from "../../../core/api/page-paths.ts";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";
import { lodge } from "../../generated/lodge.ts";
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
 * other sites. The menus are <details>; the bar sticks to the top once the page is scrolled 99px
 * (its place in the page is kept, so nothing below moves). Sticking, the menu button and closing
 * the menus are the site script's (site-script.ts), on every page with or without React.
 */
export function Header({ logo }: { logo: PictureData | undefined }) {
  const menuId = useId();
  return (
    <header className="site-header" data-stuck="false">
      <div className="header-bar">
        <div className="header-inner">
          <Link to={`/${HOME_PAGE}`} className="brand">
            {logo && <Picture picture={logo} alt="" sizes="44px" loading="eager" />}
            <span>{lodge.name}</span>
          </Link>
          <nav aria-label="Main">
            <button
              type="button"
              className="menu-button"
              aria-expanded="false"
              aria-controls={menuId}
            >
              <span className="menu-icon" aria-hidden="true" />
              Menu
            </button>
            <ul id={menuId} className="menu">
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
