import type { Track } from '#common/schemas/catalog/responses';
import type { TestArtist } from './artists';
import { addMpesa } from './buying';
import { CatalogTestApp } from './catalog-app';
import { mediaFixtures } from './media-fixtures';
import { startPaystackStandIn, type PaystackStandIn } from './paystack-stand-in';

export interface PaystackSale {
  t: CatalogTestApp;
  standIn: PaystackStandIn;
  seller: TestArtist;
  /** The seller's one track, priced as asked. */
  track: Track;
  close(): Promise<void>;
}

/**
 * The Paystack API tests' shared set-up: the stand-in, a test app pointed at it, and an artist with
 * an M-Pesa payout method selling one track.
 */
export async function startPaystackSale(trackFields: Record<string, string>): Promise<PaystackSale> {
  const media = await mediaFixtures();
  const standIn = await startPaystackStandIn();
  const t = await CatalogTestApp.start('local', standIn.env);
  const seller = await t.artist();
  await addMpesa(t, seller);
  const track = await t.uploadTrack(seller, media.mp3Short, trackFields);
  return {
    t,
    standIn,
    seller,
    track,
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}
