import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadSlots } from '../../db/schema';

/** Renewed every third of this while the upload runs, so only a dead process's slots lapse. */
const SLOT_LEASE_MS = 60_000;

export interface UploadSlot {
  release(): Promise<void>;
}

/**
 * At most `max` uploads of one artist at a time, counted across every process: each holds scratch
 * disk and a share of the decoders. A slot is a row under a renewed lease; taking one serialises on
 * a per-artist advisory lock, so two processes can never both take the last slot.
 */
export class UploadSlots {
  constructor(
    private readonly db: Db,
    private readonly max: number,
  ) {}

  /** A slot for this artist, or undefined when they have `max` uploads running already. */
  async acquire(userId: string): Promise<UploadSlot | undefined> {
    const id = randomUUID();
    const taken = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`upload-slots:${userId}`}, 0))`);
      const inserted = await tx.execute(sql`
        INSERT INTO ${uploadSlots} (id, user_id, lease_until)
        SELECT ${id}, ${userId}, now() + make_interval(secs => ${SLOT_LEASE_MS / 1000})
        WHERE (SELECT count(*) FROM ${uploadSlots} WHERE user_id = ${userId} AND lease_until > now()) < ${this.max}
        RETURNING id`);
      return inserted.rows.length > 0;
    });
    if (!taken) return undefined;
    const timer = setInterval(() => {
      this.db
        .execute(sql`UPDATE ${uploadSlots} SET lease_until = now() + make_interval(secs => ${SLOT_LEASE_MS / 1000}) WHERE id = ${id}`)
        .catch(() => {
          // The next renewal may succeed; a slot that lapses only lets one more upload in.
        });
    }, SLOT_LEASE_MS / 3);
    timer.unref();
    return {
      release: async () => {
        clearInterval(timer);
        await this.db.execute(sql`DELETE FROM ${uploadSlots} WHERE id = ${id}`);
      },
    };
  }

  /** Forgets slots whose process died (a scheduled job). */
  async sweep(): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${uploadSlots} WHERE lease_until < now()`);
  }
}
