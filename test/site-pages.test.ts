import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readManifest } from "../cli/images/cache.ts";
import { HOME_CAROUSEL } from "../core/constants.ts";
import { TYLED_LABEL } from "../core/messages.ts";
import { spotlightEvents, upcomingEvents } from "../core/rules/events.ts";
import { pictureOf } from "../core/rules/pictures.ts";
import { albumPictures } from "../site/generated/album-pictures.ts";
import { albums } from "../site/generated/albums.ts";
import { lodge } from "../site/generated/lodge.ts";
import { NOW, sampleData, type TestServer } from "./support/api-harness.ts";
import { SAMPLE } from "./support/cli-harness.ts";
import {
  chromiumForFile,
  closePage,
  openPage,
  pauseClock,
  startSiteServer,
} from "./support/site/app.ts";

const site = inject("site");
const manifest = readManifest(site.imagesDir, SAMPLE);
/** A picture of the data folder as the pages show it: the sizes `lodge images` made of it. */
const shown = (source: string, thumbs = false) => {
  const entry = manifest[source];
  return entry && pictureOf(lodge.media, thumbs ? entry.thumbs : entry.variants);
};
const chromium = chromiumForFile();
let server: TestServer;
beforeAll(async () => {
  server = await startSiteServer(site.dir);
});
afterAll(async () => {
  await server?.close();
});

const open = (path: string, options: Parameters<typeof openPage>[2] = {}) =>
  openPage(chromium.browser, server.url + path, options);

describe("the home page's spotlight carousel", () => {
  /** The carousel, hydrated (openPage waits for that). */
  async function carousel(page: Page) {
    const section = page.locator("section.spotlight-carousel[data-selected]");
    await section.waitFor();
    return section;
  }

  it("shows at most 3 future spotlight events, each with its picture, name, description and date", async () => {
    const page = await open("/home");
    const section = await carousel(page);
    const names = await section.locator(".spotlight h3").allTextContents();
    expect(names).toEqual(["Brotherhood Night", "Installation of Officers", "Awards Night"]);
    expect(names).toEqual(
      spotlightEvents(sampleData().events, NOW, "America/New_York").map((e) => e.name),
    );
    expect(names).toHaveLength(HOME_CAROUSEL.maxSlides);
    const first = section.locator(".spotlight").first();
    expect(await first.locator(".spotlight-date").textContent()).toBe(
      "Wednesday, December 9, 2026 ·  at 7:00PM",
    );
    const picture = shown("images/events/brotherhood-night.jpg");
    expect(await first.locator("img").getAttribute("src")).toBe(picture?.src);
    // Chromium takes the WebP size that fits the slide.
    await first.locator("img").scrollIntoViewIfNeeded();
    await expect
      .poll(() => first.locator("img").evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/media\/images\/events\/brotherhood-night-[0-9a-f]{8}-\d+\.webp$/);
    expect(await first.locator(".spotlight-description").textContent()).toContain(
      "A Night with the Clergy and Candle Lighting Ceremony.",
    );
    expect(await page.locator(".hero-banner p").textContent()).toBe(
      "Celebrating 159 years of Masonic Pride",
    );
    const about = page.locator("section", { hasText: "What is Freemasonry?" }).getByRole("link");
    expect(await about.getAttribute("href")).toBe("/about-us");
    await closePage(page);
  });

  it("moves on every 10000 ms, and Previous and Next move it by hand", async () => {
    const page = await open("/home");
    const section = await carousel(page);
    await pauseClock(page);
    const selected = () => section.getAttribute("data-selected");
    // A click without the pointer resting on the carousel restarts the count.
    await section.getByRole("button", { name: "Next event" }).dispatchEvent("click");
    await expect.poll(selected).toBe("1");
    await page.clock.runFor(HOME_CAROUSEL.intervalMs - 100);
    expect(await selected()).toBe("1");
    await page.clock.runFor(100);
    await expect.poll(selected).toBe("2");
    await page.clock.runFor(HOME_CAROUSEL.intervalMs);
    await expect.poll(selected).toBe("0");
    await section.getByRole("button", { name: "Previous event" }).dispatchEvent("click");
    await expect.poll(selected).toBe("2");
    await closePage(page);
  });

  it("pauses while the pointer rests on it or focus is in it", async () => {
    const page = await open("/home");
    const section = await carousel(page);
    await pauseClock(page);
    const selected = () => section.getAttribute("data-selected");
    await section.hover();
    await expect.poll(() => section.getAttribute("data-paused")).toBe("true");
    await page.clock.runFor(3 * HOME_CAROUSEL.intervalMs);
    expect(await selected()).toBe("0");
    await page.mouse.move(0, 0);
    await expect.poll(() => section.getAttribute("data-paused")).toBe("false");
    await page.clock.runFor(HOME_CAROUSEL.intervalMs);
    await expect.poll(selected).toBe("1");

    await section.getByRole("button", { name: "Next event" }).focus();
    await expect.poll(() => section.getAttribute("data-paused")).toBe("true");
    await page.clock.runFor(3 * HOME_CAROUSEL.intervalMs);
    expect(await selected()).toBe("1");
    await closePage(page);
  });

  it("stays still for a visitor who prefers less motion", async () => {
    const page = await open("/home", { reducedMotion: true });
    const section = await carousel(page);
    await pauseClock(page);
    await page.clock.runFor(3 * HOME_CAROUSEL.intervalMs);
    expect(await section.getAttribute("data-selected")).toBe("0");
    await closePage(page);
  });
});

describe("the upcoming events page", () => {
  const upcoming = upcomingEvents(sampleData().events, NOW, "America/New_York");

  it("lists the events still to come with their tyled label, structured data, a calendar file and the map", async () => {
    const page = await open("/upcoming-events");
    const items = page.locator(".upcoming-event");
    expect(await items.count()).toBe(upcoming.length);
    const first = items.first();
    expect(await first.locator("h2").textContent()).toBe("Stated Meeting");
    expect(await first.locator(".tag").allTextContents()).toEqual([
      TYLED_LABEL.true,
      "Master Mason degree",
    ]);
    expect(await items.nth(1).locator(".tag").allTextContents()).toEqual([TYLED_LABEL.false]);

    const data = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "")));
    expect(data).toHaveLength(upcoming.length);
    expect(data[0]).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Stated Meeting",
      startDate: "2026-12-02T19:30:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
      location: { "@type": "Place", name: "Lyndhurst Masonic Center" },
      url: `${lodge.siteUrl}/events/2026-12-02-stated-meeting`,
    });

    const calendar = first.getByRole("link", { name: /^Add to calendar/ });
    const href = await calendar.getAttribute("href");
    expect(href).toBe("/calendar/2026-12-02-stated-meeting.ics");
    const ics = await page.request.get(server.url + href);
    expect(ics.status()).toBe(200);
    expect(ics.headers()["content-type"]).toMatch(/^text\/calendar/);
    const text = await ics.text();
    expect(text).toContain("DTSTART:20261203T003000Z\r\n");
    expect(text).toContain("SUMMARY:Stated Meeting (Hillcrest)\r\n");

    const map = page.locator("iframe.map-embed");
    expect(await map.getAttribute("loading")).toBe("lazy");
    expect(await map.getAttribute("title")).toBe("Map of Lyndhurst Masonic Center");
    expect(
      await page
        .locator(".side-panel")
        .getByRole("link", { name: /Open the map/ })
        .getAttribute("href"),
    ).toBe(sampleData().lodge.address.mapLink);
    expect(await page.locator(".side-panel h2").allTextContents()).toEqual([
      "Meeting Schedule",
      "Good to Know",
      "Where We Meet",
    ]);
    await closePage(page);
  });

  it("hides an event once it has started", async () => {
    // Dec 2, 2026 at 7:30 PM in New York: the stated meeting begins.
    const page = await open("/upcoming-events", { time: "2026-12-03T00:30:00Z" });
    const first = page.locator(".upcoming-event h2").first();
    await expect.poll(() => first.textContent()).toBe("Brotherhood Night");
    expect(await page.locator(".upcoming-event").count()).toBe(upcoming.length - 1);
    await closePage(page);
  });
});

describe("Upcoming Events on a phone", () => {
  it("gives a short way, near the top, to the calendar, the meeting schedule and the map, which come after every event", async () => {
    const page = await open("/upcoming-events", { width: 390, height: 844 });
    const shortcuts = page.getByRole("navigation", { name: "Calendar, schedule and map" });
    const near = await shortcuts.boundingBox();
    expect(near && near.y + near.height).toBeLessThan(844);
    const panel = page.locator(".side-panel");
    expect((await panel.boundingBox())?.y).toBeGreaterThan(5000);
    const subscribe = (where: Locator) =>
      where.getByRole("link", { name: "Subscribe to our calendar" }).getAttribute("href");
    expect(await subscribe(shortcuts)).toMatch(/^webcal:\/\//);
    expect(await subscribe(shortcuts)).toBe(await subscribe(panel));
    /** Whether a heading shows whole, below the sticky header. */
    const inView = (id: string) =>
      page.locator(`#${id}`).evaluate((heading) => {
        const box = heading.getBoundingClientRect();
        const bar = document.querySelector(".header-bar")?.getBoundingClientRect().bottom ?? 0;
        return box.top >= bar && box.bottom <= window.innerHeight;
      });
    for (const [name, id] of [
      ["Meeting schedule", "side-panel-heading"],
      ["Map and directions", "where-heading"],
    ] as const) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await shortcuts.getByRole("link", { name }).click();
      await expect.poll(() => inView(id)).toBe(true);
    }
    // Beside the events on a wide screen, the panel needs no shortcut.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await shortcuts.isVisible()).toBe(false);
    await closePage(page);
  });
});

describe("an event's own page", () => {
  it("opens from its card on Upcoming Events and from a shared link, with the full description, the map, the RSVP button and its structured data", async () => {
    const page = await open("/upcoming-events");
    await page.locator(".upcoming-event h2 a").first().click();
    await page.waitForURL(`${server.url}/events/2026-12-02-stated-meeting`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Stated Meeting");
    await closePage(page);

    // The link as shared: the page the build wrote, hydrated.
    const shared = await open("/events/brotherhood-night-2026");
    const event = sampleData().events.find((e) => e.id === "brotherhood-night-2026");
    expect(await shared.locator("h1").textContent()).toBe("Brotherhood Night");
    expect(await shared.locator(".event-page").textContent()).toContain(event?.description);
    expect(await shared.locator(".event-when").textContent()).toBe(
      "Wednesday, December 9, 2026 at 7:00PM",
    );
    expect(await shared.locator("iframe.map-embed").getAttribute("src")).toBe(
      lodge.address.mapEmbed,
    );
    // Its picture above its card, in the sizes made of it, loaded at once (the page's largest).
    const picture = shared.locator(".event-page img.event-page-image");
    expect(await picture.getAttribute("alt")).toBe(event?.altText);
    expect(await picture.getAttribute("src")).toBe(
      shown(`images/events/${event?.spotlightImage}`)?.src,
    );
    expect(await picture.getAttribute("loading")).toBe("eager");
    expect(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(
      0,
    );
    // An event without one shows none.
    const plain = await open("/events/2026-12-02-stated-meeting");
    expect(await plain.locator("img.event-page-image").count()).toBe(0);
    await closePage(plain);
    const [data] = await shared
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "")));
    expect(data).toMatchObject({
      "@type": "Event",
      name: "Brotherhood Night",
      startDate: "2026-12-09T19:00:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
      url: `${lodge.siteUrl}/events/brotherhood-night-2026`,
    });
    await shared.getByRole("button", { name: "RSVP for Brotherhood Night" }).click();
    await expect
      .poll(() => shared.getByRole("dialog").getByRole("heading").first().textContent())
      .toContain("Brotherhood Night");
    await closePage(shared);
  });

  it("says the degree a tyled meeting is opened on, and who may attend it", async () => {
    const page = await open("/events/2027-02-10-special-meeting");
    expect(await page.locator(".event-meta .tag").allTextContents()).toEqual([
      TYLED_LABEL.true,
      "Entered Apprentice degree",
    ]);
    expect(await page.locator(".degree-note").textContent()).toBe(
      "The lodge is opened on the Entered Apprentice degree: Entered Apprentices, Fellowcrafts and Master Masons may attend.",
    );
    await closePage(page);
    const stated = await open("/events/2026-12-02-stated-meeting");
    expect(await stated.locator(".degree-note").textContent()).toBe(
      "The lodge is opened on the Master Mason degree: Master Masons may attend.",
    );
    await closePage(stated);
    const toAll = await open("/events/brotherhood-night-2026");
    expect(await toAll.locator(".event-meta .tag").allTextContents()).toEqual([TYLED_LABEL.false]);
    expect(await toAll.locator(".degree-note").count()).toBe(0);
    await closePage(toAll);
  });

  it("is linked from the home page's spotlight", async () => {
    const page = await open("/home");
    const link = page.locator(".spotlight h3 a").first();
    expect(await link.getAttribute("href")).toBe("/events/brotherhood-night-2026");
    await closePage(page);
  });

  it("stays once the event has taken place, saying so and linking to the events to come and its photos", async () => {
    const page = await open("/events/2026-10-17-table-lodge");
    const notice = page.locator(".past-notice");
    expect(await notice.textContent()).toBe(
      "This event has taken place (Saturday, October 17, 2026 at 6:30PM).See the upcoming eventsSee the photos: Table Lodge 2026",
    );
    expect(
      await notice.getByRole("link").evaluateAll((a) => a.map((l) => l.getAttribute("href"))),
    ).toEqual(["/upcoming-events", "/image-gallery/2026-10-17-table-lodge"]);
    expect(await page.getByRole("button", { name: /^RSVP/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /^Add to calendar/ }).count()).toBe(0);
    await closePage(page);

    // A page built while the event was to come says so once the visitor's clock has passed it.
    const later = await open("/events/2026-12-02-stated-meeting", { time: "2026-12-03T01:00:00Z" });
    await expect.poll(() => later.locator(".past-notice").count()).toBe(1);
    expect(await later.getByRole("button", { name: /^RSVP/ }).count()).toBe(0);
    await closePage(later);
  });

  it("gives a social outing its page too, linked from its card, with the RSVP of the Social Events page", async () => {
    const page = await open("/social-events");
    const link = page.locator(".outing-body h3 a").first();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/social-events\/2027-/);
    await link.click();
    await page.waitForURL(server.url + href);
    const outing = sampleData().socialEvents.find((o) => `/social-events/${o.id}` === href);
    await expect.poll(() => page.locator("h1").textContent()).toBe(outing?.name);
    await page.getByRole("button", { name: `RSVP for ${outing?.name}` }).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    await closePage(page);

    const past = await open("/social-events/2023-05-20-brothers-night-out-at-the-ballpark");
    expect(await past.locator(".past-notice a").first().getAttribute("href")).toBe(
      "/social-events",
    );
    expect(await past.getByRole("button", { name: /^RSVP/ }).count()).toBe(0);
    await closePage(past);
  });
});

describe("the image gallery", () => {
  const GALLERY_PAGE = "gallery-page";

  it("shows 6 album tiles a page with their covers, and remembers the page while the visitor stays in the gallery", async () => {
    const page = await open("/image-gallery");
    const tiles = page.locator(".tile-grid li");
    expect(await tiles.count()).toBe(6);
    expect(await tiles.first().locator("h2").textContent()).toBe(albums[0]?.title);
    expect(await tiles.first().locator("img").getAttribute("src")).toBe(
      shown(`albums/${albums[0]?.albumName}/_cover.jpg`)?.src,
    );
    const pages = Math.ceil(albums.length / 6);
    expect(await page.locator(".pager-page").count()).toBe(Math.min(10, pages));

    await page.getByRole("button", { name: "Page 2" }).click();
    expect(await page.evaluate((key) => localStorage.getItem(key), GALLERY_PAGE)).toBe("2");
    expect(await tiles.first().locator("h2").textContent()).toBe(albums[6]?.title);

    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    await expect.poll(() => page.locator(".pager-status").textContent()).toBe(`Page 2 of ${pages}`);
    expect(await tiles.first().locator("h2").textContent()).toBe(albums[6]?.title);

    await tiles.first().locator("a").click();
    await page.waitForURL(`**/image-gallery/${albums[6]?.albumName}`);
    await page.goBack();
    await expect.poll(() => page.locator(".pager-status").textContent()).toBe(`Page 2 of ${pages}`);
    await closePage(page);
  });

  it("sends an unknown album to the image gallery", async () => {
    const page = await open("/image-gallery");
    await page.goto(`${server.url}/image-gallery/2099-01-01-no-such-album`);
    await page.waitForURL(`${server.url}/image-gallery`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.locator("main h1").textContent()).toBe("Image Gallery");

    // And within the app: a link to an album the build did not write.
    await page.goto(`${server.url}/home`);
    await page.waitForSelector("html[data-hydrated]");
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/image-gallery/2099-01-01-no-such-album"),
    );
    await page.waitForURL(`${server.url}/image-gallery`);
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Image Gallery");
    await closePage(page);
  });
});

describe("an album", () => {
  const album = albums.find((a) => a.albumName === "2024-10-19-table-lodge");
  if (!album) throw new Error("the sample lodge has no album 2024-10-19-table-lodge");
  const pictures = albumPictures[album.albumName] ?? [];

  it("shows its title, subtitle and credit and a thumbnail per picture, covers left out, 14% / 50% / 100% wide", async () => {
    expect(pictures.length).toBeGreaterThan(3);
    const page = await open(`/image-gallery/${album.albumName}`);
    expect(await page.locator("main h1").textContent()).toBe(album.title);
    expect(await page.locator(".page-heading .subheading").textContent()).toBe(album.subtitle);
    expect(await page.locator(".album-credit").textContent()).toBe(album.description);
    const images = page.locator(".thumb img");
    const sources = await images.evaluateAll((els) => els.map((e) => e.getAttribute("src")));
    expect(sources).toEqual(
      pictures.map((p) => shown(`albums/${album.albumName}/${p.file}`, true)?.src),
    );
    expect(sources.every((src) => src?.startsWith(`/media/thumbnails/${album.albumName}/`))).toBe(
      true,
    );
    expect(sources.some((src) => /cover/i.test(src ?? ""))).toBe(false);
    expect(await images.first().getAttribute("loading")).toBe("eager");
    expect(await images.nth(4).getAttribute("loading")).toBe("lazy");
    expect(await images.first().getAttribute("width")).toBe("400");

    const share = async () => {
      const thumb = await page.locator(".thumb").first().boundingBox();
      const grid = await page.locator(".thumb-grid").boundingBox();
      return (thumb?.width ?? 0) / (grid?.width ?? 1);
    };
    expect(await share()).toBeCloseTo(0.14, 2);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await share()).toBeGreaterThan(0.48);
    expect(await share()).toBeLessThan(0.5);
    await page.setViewportSize({ width: 600, height: 900 });
    expect(await share()).toBeCloseTo(1, 2);
    await closePage(page);
  });

  it("opens the lightbox at the picture clicked, 98vw by 98vh, moves with the arrow keys, wraps at both ends and closes on Escape, the icon or a click on the dark around the picture", async () => {
    const page = await open(`/image-gallery/${album.albumName}`);
    const n = pictures.length;
    const lightbox = page.locator(".yarl__portal_open");
    const counter = lightbox.locator(".yarl__counter");
    const openAt = async (index: number) => {
      await page.locator(".thumb a").nth(index).click();
      await lightbox.waitFor();
    };

    await openAt(1);
    expect(await counter.textContent()).toBe(`2 / ${n}`);
    const box = await lightbox.boundingBox();
    expect(box?.width).toBeCloseTo(1280 * 0.98, 0);
    expect(box?.height).toBeCloseTo(900 * 0.98, 0);
    expect(await lightbox.locator(".yarl__thumbnails_thumbnail").count()).toBe(n);
    // The picture at its largest WebP size, the strip in the WebP thumbnails.
    const entry = manifest[`albums/${album.albumName}/${pictures[1]?.file}`];
    const largest = entry?.variants
      .filter((v) => v.format === "webp")
      .at(-1)
      ?.src.split("/")
      .at(-1);
    const slides = await lightbox
      .locator(".yarl__slide_current img")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
    expect(slides).toEqual([`/media/albums/${album.albumName}/${largest}`]);
    const strip = await lightbox
      .locator(".yarl__thumbnails_thumbnail img")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
    expect(strip.every((src) => /^\/media\/thumbnails\/.*-400\.webp$/.test(src ?? ""))).toBe(true);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toBe(`3 / ${n}`);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter.textContent()).toBe(`2 / ${n}`);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter.textContent()).toBe(`1 / ${n}`);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter.textContent()).toBe(`${n} / ${n}`);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toBe(`1 / ${n}`);
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "detached" });

    await openAt(n - 1);
    expect(await counter.textContent()).toBe(`${n} / ${n}`);
    await lightbox.getByRole("button", { name: "Close" }).click();
    await lightbox.waitFor({ state: "detached" });

    await openAt(0);
    // The backdrop: the lightbox's own background beside the picture, below the Previous arrow.
    const slide = await lightbox.locator(".yarl__slide_current").boundingBox();
    if (!slide) throw new Error("no current slide");
    await page.mouse.click(slide.x + 5, slide.y + slide.height * 0.85);
    await lightbox.waitFor({ state: "detached" });

    // The dark around it too (SPEC 2: 'a backdrop click'): the 1vh strip outside the lightbox, the
    // band of thumbnails beside them, the counter. Not the picture, a thumbnail or a drag.
    const stillOpen = async () => {
      // A close starts in the click's own handler; two frames later the lightbox shows it.
      for (let frame = 0; frame < 2; frame++) {
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      }
      return (await lightbox.count()) === 1;
    };
    await openAt(0);
    const picture = await lightbox.locator(".yarl__slide_current img").boundingBox();
    if (!picture) throw new Error("no picture");
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
    expect(await stillOpen()).toBe(true);
    // The strip is centred on the picture shown: the one after it is fourth.
    await lightbox.locator(".yarl__thumbnails_thumbnail").nth(3).click();
    await expect.poll(() => counter.textContent()).toBe(`2 / ${n}`);
    expect(await stillOpen()).toBe(true);
    // Pressed on the dark, let go on the picture: a drag, not a click on the dark.
    const band = await lightbox.locator(".yarl__thumbnails_container").boundingBox();
    if (!band) throw new Error("no thumbnails");
    await page.mouse.move(band.x + 10, band.y + band.height / 2);
    await page.mouse.down();
    await page.mouse.move(picture.x + picture.width / 2, picture.y + picture.height / 2, {
      steps: 4,
    });
    await page.mouse.up();
    expect(await stillOpen()).toBe(true);
    await page.mouse.click(640, 3);
    await lightbox.waitFor({ state: "detached" });
    await openAt(0);
    await page.mouse.click(band.x + 10, band.y + band.height / 2);
    await lightbox.waitFor({ state: "detached" });
    await openAt(0);
    await counter.click();
    await lightbox.waitFor({ state: "detached" });
    await closePage(page);
  });
});
