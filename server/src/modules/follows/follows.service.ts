import { DEFAULT_LANGUAGE, type Language } from '#common/i18n/language';
import type { FastifyBaseLogger } from 'fastify';
import { FOLLOW_MESSAGES, type FollowConfirmed } from '#common/schemas/follows';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { serverText } from '../../i18n';
import type { EventBus } from '../../lib/events';
import { hashToken, randomToken } from '../../lib/tokens';
import type { JobQueue } from '../jobs';
import type { AttemptStore } from '../limits';
import { followConfirmMail, followReleaseMail, type Mailer, type UnsubscribeLinks } from '../mail';
import {
  artistName,
  confirmFollow,
  confirmedFollowerCount,
  confirmedFollowers,
  deleteFollow,
  followOfToken,
  insertFollowToken,
  markAnnounced,
  purgeOldFollowRows,
  recentRelease,
  takeDailyNotice,
  unannouncedReleases,
  upsertFollow,
} from './follows.repo';
import type { DbOrTx } from '../../db/client';

export const FOLLOW_RELEASE_JOB = 'follows.release';
/** Confirmation mails to one address per window, whoever asks (an inbox is not flooded). */
export const FOLLOW_MAIL_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 } as const;
/** A track or album made this recently is a release; an edit of an older one is not. */
const RELEASE_MAX_AGE_MINUTES = 60;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface Deps {
  db: () => Db;
  mailer: Mailer;
  jobs: JobQueue;
  attempts: AttemptStore;
  events: EventBus;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * Following an artist by e-mail (issue 17, docs/decisions/038). A release is announced by a
 * durable job: the first job to mark it announced (a primary key, so once across processes) mails
 * each confirmed follower who had no release mail from this artist today (another primary key).
 */
export class FollowsService {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db();
  }

  /**
   * POST /api/follows: a confirmation mail to a new or unconfirmed follow, within
   * FOLLOW_MAIL_LIMIT. Nothing is sent to an address that already follows. The caller answers the
   * same whatever happened here. The route has checked artistId's shape (knownBodyId).
   */
  async follow(input: { artistId: string; email: string }, language: Language = DEFAULT_LANGUAGE): Promise<void> {
    const name = await artistName(this.db, input.artistId);
    if (!name) throw new AppError('follow.artist-not-found');
    const { count } = await this.deps.attempts.hit(`follow:${hashToken(input.email)}`, FOLLOW_MAIL_LIMIT.windowMs);
    if (count > FOLLOW_MAIL_LIMIT.max) {
      this.deps.log.info('follow confirmation not sent: limit for this address reached');
      return;
    }
    await this.db.transaction(async (tx) => {
      const follow = await upsertFollow(tx, input.artistId, input.email, language);
      if (follow.confirmedAt) return;
      const confirm = randomToken();
      await insertFollowToken(tx, follow.id, hashToken(confirm), 'confirm');
      const unsubscribe = await this.unsubscribeLinks(tx, follow.id);
      await this.deps.mailer.enqueue(followConfirmMail(input.email, name, `${this.deps.publicUrl}/follow/confirm?token=${confirm}`, unsubscribe, follow.language), { tx });
    });
  }

  /** POST /api/follows/confirm: confirms the follow (again is fine: the same answer). */
  async confirm(token: string): Promise<FollowConfirmed> {
    if (!TOKEN_SHAPE.test(token)) throw new AppError('follow.link-invalid');
    const follow = await followOfToken(this.db, hashToken(token), 'confirm');
    if (!follow) throw new AppError('follow.link-invalid');
    if (await confirmFollow(this.db, follow.id)) this.deps.events.emit('follow.changed', { userId: follow.artistId });
    return { message: FOLLOW_MESSAGES.confirmed, artistName: (await artistName(this.db, follow.artistId)) ?? '' };
  }

  /**
   * POST /api/follows/unsubscribe: ends the follow. A mail client may POST more than once, and a
   * follow already ended has no tokens left: any well-formed token answers the same.
   */
  async unsubscribe(token: string): Promise<void> {
    if (!TOKEN_SHAPE.test(token)) throw new AppError('follow.link-invalid');
    const follow = await followOfToken(this.db, hashToken(token), 'unsubscribe');
    if (follow && (await deleteFollow(this.db, follow.id)) && follow.confirmedAt) this.deps.events.emit('follow.changed', { userId: follow.artistId });
  }

  async followerCount(artistId: string): Promise<number> {
    return confirmedFollowerCount(this.db, artistId);
  }

  /**
   * A track or album changed (lib/events, after its commit): if it is a new release, its
   * announcement is queued. Several changes of one release (made, then its renditions) queue
   * several jobs; the first to run announces it, the others find it done.
   */
  onChange(kind: 'track' | 'album', id: string): void {
    const work = (async () => {
      if (!(await recentRelease(this.db, kind, id, RELEASE_MAX_AGE_MINUTES))) return;
      await this.deps.jobs.enqueue(FOLLOW_RELEASE_JOB, { kind, id }, { maxAttempts: 10 });
    })()
      .catch((error: unknown) => this.deps.log.error({ err: error, kind, id }, 'a release could not be queued for its followers'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /** Resolves once the releases seen so far are queued (tests; a clean shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** The job: announces the release once, one mail per confirmed follower who had none from this artist today. */
  async announce(kind: 'track' | 'album', id: string): Promise<number> {
    const release = await recentRelease(this.db, kind, id, RELEASE_MAX_AGE_MINUTES);
    if (!release) return 0;
    const name = await artistName(this.db, release.artistId);
    const day = new Date().toISOString().slice(0, 10);
    return this.db.transaction(async (tx) => {
      if (!(await markAnnounced(tx, kind, id))) return 0;
      let sent = 0;
      for (const follow of await confirmedFollowers(tx, release.artistId)) {
        if (!(await takeDailyNotice(tx, follow.id, day))) continue;
        const links = await this.unsubscribeLinks(tx, follow.id);
        const url = `${this.deps.publicUrl}/${kind}/${id}`;
        const artist = name ?? serverText(follow.language, 'mail.followRelease.someArtist');
        await this.deps.mailer.enqueue(followReleaseMail(follow.email, { artistName: artist, kind, name: release.name, url }, links, follow.language), { tx });
        sent++;
      }
      return sent;
    });
  }

  /**
   * The scheduled sweep: queues the announcement of recent releases nobody queued. The event
   * path queues within a second of the commit; a process that died in between leaves its release
   * to this sweep (announcing is once per release, so a double queue sends nothing twice).
   */
  async sweepReleases(): Promise<number> {
    const missed = await unannouncedReleases(this.db, RELEASE_MAX_AGE_MINUTES, 100);
    for (const release of missed) await this.deps.jobs.enqueue(FOLLOW_RELEASE_JOB, release, { maxAttempts: 10 });
    return missed.length;
  }

  async purgeOld(): Promise<void> {
    await purgeOldFollowRows(this.db);
  }

  /** A fresh unsubscribe token for one mail (only its hash is kept, so each mail gets its own). */
  private async unsubscribeLinks(tx: DbOrTx, followId: string): Promise<UnsubscribeLinks> {
    const token = randomToken();
    await insertFollowToken(tx, followId, hashToken(token), 'unsubscribe');
    return {
      pageUrl: `${this.deps.publicUrl}/follow/unsubscribe?token=${token}`,
      oneClickUrl: `${this.deps.publicUrl}/api/follows/unsubscribe?token=${token}`,
    };
  }
}
