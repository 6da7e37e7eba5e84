/**
 * The 'Top' button (SPEC 2): shown once the page is scrolled more than 400px. On screens 1023px
 * wide or less it keeps out of the way while the visitor scrolls, and shows 2 seconds after the
 * scrolling stops. Showing it and its click are the site script's (site-script.ts), so the
 * button works the same on pages with and without React.
 */
export function TopButton() {
  return (
    <button type="button" className="top-button" hidden>
      <span aria-hidden="true">↑ </span>Top
    </button>
  );
}
