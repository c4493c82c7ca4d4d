/**
 * Currently Trending's rule (decisions 028 and 039), shared by the code that counts plays and
 * downloads (it keeps each track's score current) and the code that lists them.
 */

/** How far back trending looks: older plays and downloads do not count at all. */
export const TRENDING_WINDOW_DAYS = 14;
/** A play or download loses half its weight every 3 days. */
export const TRENDING_HALF_LIFE_DAYS = 3;
/** A download is worth three plays: someone wanted to keep the song (and may have paid for it). */
export const DOWNLOAD_WEIGHT = 3;
