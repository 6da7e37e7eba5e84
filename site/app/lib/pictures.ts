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
 * A spotlight slide's picture (.spotlight-image), shown whole: three fifths of the container's
 * width beside the slide's words, and on a phone (860 px or less) the container's width above
 * them.
 */
export function spotlightSizes(): string {
  const container = `min(100vw - ${CONTAINER.margins}px, ${CONTAINER.max}px)`;
  return `(max-width: 860px) calc(100vw - ${CONTAINER.margins}px), calc(${container} * 0.6)`;
}
