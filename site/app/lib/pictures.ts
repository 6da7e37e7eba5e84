/*
 * The `sizes` of pictures whose width the layout computes: how wide such a picture is drawn in
 * each window, so the browser takes the file it needs (site.css sets these layouts; the pictures'
 * browser test holds the two together at 390, 1280 and 1920 px).
 */

/** The page's container (.container): 1200 px, or the window less its 1rem margins. */
const CONTAINER = { max: 1200, margins: 32 };

const px = (n: number) => `${Math.round(n * 100) / 100}px`;

/**
 * A picture as wide as a column of a grid of `repeat(auto-fill, minmax(MIN, 1fr))` columns,
 * `gap` apart, filling the container: as many columns as fit, all as wide.
 */
export function gridSizes(min: number, gap: number): string {
  const most = Math.floor((CONTAINER.max + gap) / (min + gap));
  const column = (n: number) =>
    `calc(${Math.round(10000 / n) / 100}vw - ${px((CONTAINER.margins + (n - 1) * gap) / n)})`;
  const rules: string[] = [];
  for (let n = 1; n < most; n++) {
    // n + 1 columns fit from this container's width on.
    const wider = (n + 1) * min + n * gap + CONTAINER.margins;
    rules.push(`(max-width: ${wider - 1}px) ${column(n)}`);
  }
  rules.push(`(max-width: ${CONTAINER.max + CONTAINER.margins - 1}px) ${column(most)}`);
  rules.push(px((CONTAINER.max - (most - 1) * gap) / most));
  return rules.join(", ");
}

/**
 * A picture spanning the window in a band of `clamp(240px, 40vw, 480px)` (.hero img), cropped to
 * it (`object-fit: cover`): a wide picture is drawn wider than the window, to the band's height.
 */
export function heroSizes(picture: { width: number; height: number }): string {
  const aspect = Math.round((picture.width / picture.height) * 1000) / 1000;
  return `max(100vw, clamp(240px, 40vw, 480px) * ${aspect})`;
}

/**
 * Height of the spotlight's words on a phone (.spotlight-text: a name, a date, a few lines of
 * description and the button), which the picture behind them covers too: an estimate, as the
 * words decide it.
 */
const SPOTLIGHT_PANEL = "28rem";

/**
 * A picture covering a spotlight slide (.spotlight-image, `object-fit: cover`): a 2:1 box the
 * container's width, drawn wider for a picture wider than that; on a phone (860 px or less) the
 * whole slide, a band of `max(11rem, 45vw)` above the words and the words, so drawn to that
 * height, wider than the window.
 */
export function spotlightSizes(picture: { width: number; height: number }): string {
  const aspect = Math.round((picture.width / picture.height) * 1000) / 1000;
  const wide = Math.max(1, aspect / 2);
  const container = `min(100vw - ${CONTAINER.margins}px, ${CONTAINER.max}px)`;
  return [
    `(max-width: 860px) max(100vw - ${CONTAINER.margins}px, (max(11rem, 45vw) + ${SPOTLIGHT_PANEL}) * ${aspect})`,
    wide === 1 ? container : `calc(${container} * ${wide})`,
  ].join(", ");
}
