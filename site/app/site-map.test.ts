import { describe, expect, it } from "vitest";
import { isFormPage, isPlainRsvpPage } from "../../core/api/plain-forms.ts";
import { albums } from "../generated/albums.ts";
import { lodge } from "../generated/lodge.ts";
import {
  calendarPath,
  dataRoutes,
  headerNav,
  isGroup,
  isListedPage,
  personalPages,
  prerenderPaths,
  REDIRECT_SCRIPT,
  redirectTarget,
} from "./site-map.ts";

describe("the site map", () => {
  it("prerenders every route of SPEC 2 and every album", () => {
    const paths = prerenderPaths(lodge, { albums });
    expect(paths.slice(0, 22)).toEqual([
      "/",
      "/home",
      "/history",
      "/bulletin",
      "/upcoming-events",
      "/contact-us",
      "/our-officers",
      "/about-us",
      "/how-to-join",
      "/image-gallery",
      "/recent-events",
      "/past-bulletins",
      "/social-events",
      "/brotherhood-night-history",
      // A reservation's own page, the waiting list's claim page, a member's answer to his
      // summons and the Tyler's register, opened from mails or links (in no menu).
      "/rsvp/manage",
      "/rsvp/claim",
      "/rsvp/answer",
      "/rsvp/door",
      "/past-masters",
      "/golden-square-past-masters",
      "/university-heights-past-masters",
      `/image-gallery/${albums[0]?.albumName}`,
    ]);
    expect(paths).toHaveLength(21 + albums.length);
  });

  it("links every page, the petition and every external and social site from the header", () => {
    const links = headerNav(lodge).flatMap((item) => (isGroup(item) ? item.links : [item]));
    const hrefs = links.map((link) => link.href);
    for (const path of prerenderPaths(lodge, { albums: [] })) {
      if (path !== "/" && !personalPages().includes(path)) expect(hrefs).toContain(path);
    }
    expect(hrefs).toContain(lodge.links.petition);
    for (const link of [...lodge.links.external, ...lodge.links.social]) {
      expect(hrefs).toContain(link.href);
    }
  });

  it("makes the album, event, outing and calendar routes only when the data gives them pages to write", () => {
    expect(dataRoutes({ albums: [] })).toEqual([]);
    expect(dataRoutes({ albums: [{ albumName: "2026-10-17-table-lodge" }] })).toEqual([
      {
        path: "image-gallery/:albumName",
        file: "routes/album.tsx",
        paths: ["/image-gallery/2026-10-17-table-lodge"],
      },
    ]);
    expect(
      dataRoutes({
        albums: [],
        events: [{ id: "2022-01-05-stated-meeting" }],
        outings: [{ id: "2023-05-20-ballpark" }],
      }),
    ).toEqual([
      {
        path: "events/:id",
        file: "routes/event.tsx",
        paths: ["/events/2022-01-05-stated-meeting"],
      },
      {
        path: "social-events/:id",
        file: "routes/outing.tsx",
        paths: ["/social-events/2023-05-20-ballpark"],
      },
    ]);
    expect(
      dataRoutes({ albums: [], calendarEvents: [{ id: "2027-01-06-stated-meeting" }] }),
    ).toEqual([
      {
        path: "calendar/:file",
        file: "routes/calendar.ts",
        paths: ["/calendar/2027-01-06-stated-meeting.ics"],
      },
    ]);
  });

  it("makes each plain RSVP page's route and address from one pattern, and the server knows them, and the contact page, as the plain forms' pages", () => {
    const routes = dataRoutes({
      albums: [],
      rsvpEvents: [{ id: "2026-12-02-stated-meeting" }],
      rsvpOutings: [{ id: "2026-12-05-bowling" }],
    });
    expect(routes.map((route) => [route.path, route.paths])).toEqual([
      ["events/:id/rsvp", ["/events/2026-12-02-stated-meeting/rsvp"]],
      ["events/:id/waitlist", ["/events/2026-12-02-stated-meeting/waitlist"]],
      ["social-events/:id/rsvp", ["/social-events/2026-12-05-bowling/rsvp"]],
    ]);
    const plain = routes.flatMap((route) => route.paths);
    for (const page of [...plain, "/contact-us"]) {
      for (const asked of [page, `${page}/`, `${page}/index.html`]) {
        expect(isFormPage(asked), asked).toBe(true);
      }
    }
    expect(plain.every(isPlainRsvpPage)).toBe(true);
    for (const other of [
      "/contact-us/more",
      "/events/2026-12-02-stated-meeting",
      "/events/2026-12-02-stated-meeting/rsvp/more",
      "/events/Stated-Meeting/rsvp",
      "/events/-x/rsvp",
      "/social-events/2026-12-05-bowling/waitlist",
      "/upcoming-events",
    ]) {
      expect(isFormPage(other), other).toBe(false);
    }
  });

  it("points search engines to every page but the root, the personal pages and the plain RSVP and waiting-list pages", () => {
    const pages = prerenderPaths(lodge, {
      albums,
      events: [{ id: "2026-12-02-stated-meeting" }],
      rsvpEvents: [{ id: "2026-12-02-stated-meeting" }],
      rsvpOutings: [{ id: "2026-12-05-bowling" }],
    });
    expect(pages.filter((page) => !isListedPage(page))).toEqual([
      "/",
      ...personalPages(),
      "/events/2026-12-02-stated-meeting/rsvp",
      "/events/2026-12-02-stated-meeting/waitlist",
      "/social-events/2026-12-05-bowling/rsvp",
    ]);
    expect(isListedPage("/contact-us")).toBe(true);
    expect(isListedPage("/events/2026-12-02-stated-meeting")).toBe(true);
  });

  it("writes a calendar file for each event it is given", () => {
    const paths = prerenderPaths(lodge, {
      albums: [],
      calendarEvents: [{ id: "2026-12-02-stated-meeting" }],
    });
    expect(paths.at(-1)).toBe("/calendar/2026-12-02-stated-meeting.ics");
    expect(calendarPath("a b")).toBe("/calendar/a%20b.ics");
  });

  it("sends an unknown album to the gallery and any other unknown address home, in the app and in the 404 page's script", () => {
    const cases: [string, string][] = [
      ["/", "/home"],
      ["/no-such-page", "/home"],
      ["/image-gallery/2099-01-01-no-such-album", "/image-gallery"],
      ["/image-gallery/", "/home"],
      ["/image-galleryx/a", "/home"],
    ];
    for (const [path, target] of cases) {
      expect(redirectTarget(path)).toBe(target);
      let replaced = "";
      const location = { pathname: path, replace: (to: string) => (replaced = to) };
      new Function("location", REDIRECT_SCRIPT)(location);
      expect(replaced, path).toBe(target);
    }
  });
});
