/**
 * The landing page's ranking rules (docs/decisions/028). The SQL in discovery.repo.ts computes the
 * same thing over the whole catalogue; `trendingScore` is the rule in one place, for reading and
 * for the unit test that pins it down.
 */

/** How far back trending looks: older plays and downloads do not count at all. */
export const TRENDING_WINDOW_DAYS = 14;
/** A play or download loses half its weight every 3 days. */
export const TRENDING_HALF_LIFE_DAYS = 3;
/** A download is worth three plays: someone wanted to keep the song (and may have paid for it). */
export const DOWNLOAD_WEIGHT = 3;
/** Popular artists: counted plays of their tracks (and downloads, weighted as above) over 30 days, no decay. */
export const POPULAR_WINDOW_DAYS = 30;
/** Each computed list keeps this many entries: the largest limit a caller may ask for. */
export const RANKING_SIZE = 50;
/** The job recomputing both lists runs once per this period across every process. */
export const RANKING_PERIOD_MS = 5 * 60 * 1000;

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface RankingEvent {
  kind: 'play' | 'download';
  at: Date;
}

/**
 * score = Σ weight × 2^(−age / half-life) over the events of the last 14 days, where a play weighs
 * 1 and a download 3. An event from the future (a clock a little ahead) counts as happening now.
 */
export function trendingScore(events: RankingEvent[], now: Date): number {
  let score = 0;
  for (const event of events) {
    const ageMs = Math.max(0, now.getTime() - event.at.getTime());
    if (ageMs >= TRENDING_WINDOW_DAYS * DAY_MS) continue;
    const weight = event.kind === 'download' ? DOWNLOAD_WEIGHT : 1;
    score += weight * 2 ** (-ageMs / (TRENDING_HALF_LIFE_DAYS * DAY_MS));
  }
  return score;
}
