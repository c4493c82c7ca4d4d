import { DOWNLOAD_WEIGHT, TRENDING_HALF_LIFE_DAYS, TRENDING_WINDOW_DAYS } from '#common/trending';

/**
 * The landing page's ranking rules (docs/decisions/028, 039). Trending scores are kept current in
 * SQL as events are counted (playback's trends.repo.ts); `trendingScore` is the rule in one place,
 * for reading and for the tests that pin the stored scores down.
 */

export { DOWNLOAD_WEIGHT, TRENDING_HALF_LIFE_DAYS, TRENDING_WINDOW_DAYS };

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
 * The SQL twin (playback's trends.repo.ts) is held equal by trending.api.test.ts.
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
