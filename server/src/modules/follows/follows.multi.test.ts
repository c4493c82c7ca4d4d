import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, tracks } from '../../db/schema';
import { createArtist } from '../../../test/support/artists';
import { startSmtpCapture, type SmtpCapture } from '../../../test/support/smtp-capture';
import { startTwoApps, type TwoApps } from '../../../test/support/two-apps';
import { FOLLOW_RELEASE_JOB } from './follows.service';

/**
 * A release announced on two app instances sharing one PostgreSQL database (npm run test:multi):
 * both see the track change, both queue and run its job, both are asked to announce it at once.
 * Each follower gets exactly one mail (PGlite serialises transactions and could not show a race).
 */
type App = TwoApps['first'];

describe('release mails on two processes', () => {
  let smtp: SmtpCapture;
  let first: App;
  let second: App;
  let apps: TwoApps | undefined;

  beforeAll(async () => {
    if (!process.env.DATABASE_URL) throw new Error('The multi-process tests need DATABASE_URL (a PostgreSQL server): npm run test:multi');
    smtp = await startSmtpCapture();
    apps = await startTwoApps({ SMTP_URL: smtp.url });
    ({ first, second } = apps);
  }, 180_000);
  afterAll(async () => {
    await apps?.close();
    await smtp?.close();
  });

  it('mails each confirmed follower once, whichever process announces', async () => {
    const db = first.app.database.db;
    const artist = await createArtist(first.app);
    const fans = Array.from({ length: 5 }, (_, i) => `multi-fan-${i}@example.com`);
    await db.insert(follows).values(fans.map((email) => ({ artistId: artist.id, email, confirmedAt: new Date() })));
    const [track] = await db
      .insert(tracks)
      .values({ userId: artist.id, trackName: 'Pamoja', artistName: 'Pamoja', originalName: 'p.mp3', fileSize: 1, mimeType: 'audio/mpeg', duration: 1, audioKey: `audio/${randomUUID()}` })
      .returning();

    // Both processes hear of it (an upload on one, its renditions on the other) and both run jobs.
    for (const app of [first.app, second.app]) app.events.emit('track.changed', { trackId: track!.id, userId: artist.id });
    await Promise.all([first.app.follows.idle(), second.app.follows.idle()]);
    const direct = await Promise.all([
      first.app.follows.announce('track', track!.id),
      second.app.follows.announce('track', track!.id),
      first.app.jobs.enqueue(FOLLOW_RELEASE_JOB, { kind: 'track', id: track!.id }).then(() => 0),
    ]);
    await Promise.all([first.app.jobs.drain(), second.app.jobs.drain()]);
    await Promise.all([first.app.jobs.drain(), second.app.jobs.drain()]);

    expect(direct[0]! + direct[1]!).toBeLessThanOrEqual(fans.length);
    for (const email of fans) {
      const mails = smtp.mailTo(email).filter((mail) => mail.subject.startsWith('New from'));
      expect(mails, email).toHaveLength(1);
    }
  });
});
