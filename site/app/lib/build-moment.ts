/**
 * The moment the pages are rendered for at build time: now, or SOURCE_DATE_EPOCH (seconds) for a
 * reproducible build. Only loaders call it; the browser re-evaluates every rule for its own moment.
 */
export function buildMoment(): Date {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
}
