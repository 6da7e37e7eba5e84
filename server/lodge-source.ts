import type { LodgeData } from "../core/schemas/index.ts";

/**
 * The lodge's data as the server reads it: asked for at each request, never kept from the start,
 * so that `lodge dev`'s rebuilds reach the API and its mails. `lodge serve` answers the same data
 * every time.
 */
export type LodgeSource = () => LodgeData;

/** A source that always answers `data`: the data `lodge serve` was started with. */
export function fixedSource(data: LodgeData): LodgeSource {
  return () => data;
}

/**
 * What `derive` makes of the source's data, made again only when the data is replaced: the
 * policy, the mail's sender and the like, computed once per build instead of once per request.
 */
export function derived<T>(source: LodgeSource, derive: (data: LodgeData) => T): () => T {
  let last: { data: LodgeData; value: T } | undefined;
  return () => {
    const data = source();
    if (last?.data !== data) last = { data, value: derive(data) };
    return last.value;
  };
}
