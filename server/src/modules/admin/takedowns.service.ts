import type { MyTakedown, Takedown, TakedownCandidate, TakedownItemType } from '#common/schemas/takedowns';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { takedownMail, takedownRestoredMail, type Mailer } from '../mail';
import { appendAudit } from './admin.repo';
import type { Actor } from './operators.service';
import {
  albumsOf,
  deleteTakedown,
  findArtistIdBySlug,
  findItem,
  findOwner,
  insertTakedown,
  listTakedowns,
  searchItems,
  tracksOf,
  type TakedownItem,
  type TakedownRow,
} from './takedowns.repo';

/**
 * A UUID anywhere in the operator's search text (a pasted address or a bare id): what it finds is
 * well formed, so find() looks it up as it is. The search is a rule of this service, not an id
 * from the route: text with no UUID in it is a search by name, never a 404 (decision 076).
 */
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * An operator takes down a track, an album or an artist with a reason the artist sees, and
 * restores it (issue 21, docs/decisions/058). While down it is left out of every public read
 * (the `…IsUp` rules of db/schema/takedowns.ts); its buyers still stream and download it. Each
 * change is one transaction with its audit entry, then the events that drop every kept copy on
 * every process.
 */
export class TakedownsService {
  constructor(private readonly deps: { db: () => Db; events: EventBus; mailer: Mailer; publicUrl: string }) {}

  private get db() {
    return this.deps.db();
  }

  async takeDown(actor: Actor, itemType: TakedownItemType, itemId: string, reason: string): Promise<Takedown> {
    const item = await findItem(this.db, itemType, itemId);
    if (!item) throw new AppError('admin.item-not-found');
    await this.db.transaction(async (tx) => {
      if (!(await insertTakedown(tx, { itemType, itemId, ownerId: item.ownerId, reason, actorEmail: actor.email }))) throw new AppError('admin.already-taken-down');
      await appendAudit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'takedown.add',
        targetType: itemType,
        targetId: itemId,
        reason,
        details: { name: item.name, ownerId: item.ownerId },
      });
      await this.tell(tx, 'down', item, reason);
    });
    await this.changed(item);
    const [row] = (await listTakedowns(this.db, item.ownerId)).filter((entry) => entry.itemType === itemType && entry.itemId === itemId);
    return toTakedown(row!);
  }

  async restore(actor: Actor, itemType: TakedownItemType, itemId: string, reason: string | undefined): Promise<void> {
    const item = await findItem(this.db, itemType, itemId);
    const restored = await this.db.transaction(async (tx) => {
      const row = await deleteTakedown(tx, itemType, itemId);
      if (!row) return undefined;
      await appendAudit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'takedown.restore',
        targetType: itemType,
        targetId: itemId,
        reason,
        details: { name: item?.name ?? null, ownerId: row.ownerId, takedownReason: row.reason },
      });
      // An item deleted while down has nothing to come back to: no mail.
      if (item) await this.tell(tx, 'restored', item, reason);
      return row;
    });
    if (!restored) throw new AppError(item ? 'admin.not-taken-down' : 'admin.item-not-found');
    if (item) await this.changed(item);
  }

  /**
   * The artist hears of it by e-mail in their own language (decision 066), queued in the same
   * transaction as the takedown: no mail for a change that rolled back, none lost if the mail
   * server is away.
   */
  private async tell(tx: DbOrTx, what: 'down' | 'restored', item: TakedownItem, reason: string | undefined) {
    const owner = await findOwner(tx, item.ownerId);
    if (!owner) return;
    const details = { itemType: item.itemType, itemName: item.name, reason, dashboardUrl: `${this.deps.publicUrl}/dashboard` };
    const mail = what === 'down' ? takedownMail : takedownRestoredMail;
    await this.deps.mailer.enqueue(mail(owner.email, owner.displayName, details, owner.language), { tx });
  }

  async list(): Promise<Takedown[]> {
    return (await listTakedowns(this.db)).map(toTakedown);
  }

  /** The artist's own: what is down and why (their dashboard). */
  async mine(userId: string): Promise<MyTakedown[]> {
    return (await listTakedowns(this.db, userId)).map((row) => ({
      itemType: row.itemType,
      itemId: row.itemId,
      name: row.name,
      reason: row.reason,
      takenDownAt: row.takenDownAt.toISOString(),
    }));
  }

  /**
   * Finds what the operator means: a pasted address (/track/…, /album/…, /embed/…, /{displayName})
   * or id, else tracks, albums and artists by name.
   */
  async find(q: string): Promise<TakedownCandidate[]> {
    const text = q.trim();
    if (!text) return [];
    const id = UUID_IN_TEXT.exec(text)?.[0]?.toLowerCase();
    if (id) {
      const kinds: TakedownItemType[] = /\/album\//.test(text) ? ['album'] : /\/track\//.test(text) ? ['track'] : ['track', 'album', 'artist'];
      const found = await Promise.all(kinds.map((kind) => findItem(this.db, kind, id)));
      return found.filter((item): item is TakedownItem => item !== undefined).map(toCandidate);
    }
    const path = addressPath(text);
    if (path) {
      const slug = path.split('/').filter(Boolean)[0];
      const artistId = slug ? await findArtistIdBySlug(this.db, decodeURIComponent(slug).toLowerCase()) : undefined;
      const artist = artistId ? await findItem(this.db, 'artist', artistId) : undefined;
      return artist ? [toCandidate(artist)] : [];
    }
    return (await searchItems(this.db, text)).map(toCandidate);
  }

  /**
   * Every kept copy of what the item shows goes, on every process: the songs (streams, track
   * pages, lists), the albums, the artist's profile, and the landing lists.
   */
  private async changed(item: TakedownItem) {
    const userId = item.ownerId;
    const [trackIds, albumIds] = await Promise.all([tracksOf(this.db, item.itemType, item.itemId), albumsOf(this.db, item.itemType, item.itemId)]);
    for (const trackId of trackIds) this.deps.events.emit('track.changed', { trackId, userId });
    for (const albumId of albumIds) this.deps.events.emit('album.changed', { albumId, userId });
    if (item.itemType === 'artist') this.deps.events.emit('user.changed', { userId, sessionsEnded: false });
    this.deps.events.emit('discovery.changed', {});
  }
}

function addressPath(text: string): string | undefined {
  if (text.startsWith('/')) return text.split(/[?#]/)[0];
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text).pathname;
  } catch {
    return undefined;
  }
}

function toCandidate(item: TakedownItem): TakedownCandidate {
  return { itemType: item.itemType, itemId: item.itemId, name: item.name, artistName: item.artistName, takenDown: item.takenDown };
}

function toTakedown(row: TakedownRow): Takedown {
  return {
    itemType: row.itemType,
    itemId: row.itemId,
    name: row.name,
    artistName: row.artistName,
    reason: row.reason,
    takenDownAt: row.takenDownAt.toISOString(),
    actorEmail: row.actorEmail,
  };
}
