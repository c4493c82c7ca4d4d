/**
 * Proof of purchase for paid downloads (DESIGN.md: the buying browser's cookie, or the signed
 * link e-mailed to the buyer; never an e-mail address typed into a URL). Playback asks; the
 * payments module answers (app.purchaseGrants). Without it nothing is granted.
 */

/** The buying browser: a random key in an HttpOnly cookie, stored on its orders only as a hash. */
export const BUYER_COOKIE = 'sauti_buyer';

/**
 * A browser signed in to a fan's library (issue 17): a random key in an HttpOnly cookie, stored
 * server-side only as a hash; it grants what the library's e-mail address paid for.
 */
export const LIBRARY_COOKIE = 'sauti_library';

export interface PurchaseProof {
  /** The sauti_buyer cookie, if the browser sent one. */
  buyerKey?: string;
  /** The sauti_library cookie, if the browser sent one. */
  libraryKey?: string;
  /** The token of an e-mailed download link. */
  token?: string;
}

export interface PurchasableItem {
  type: 'track' | 'album';
  id: string;
  /** A track's album: buying the album grants its tracks. */
  albumId?: string | null;
}

export interface PurchaseGrants {
  /** Whether the proof shows a completed purchase of this item (or of the album holding this track). */
  allows(item: PurchasableItem, proof: PurchaseProof): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    purchaseGrants: PurchaseGrants;
  }
}
