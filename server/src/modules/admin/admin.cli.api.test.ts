import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { runCli, scratchDataDirs } from '../../../test/support/cli';
import { startTestApp } from '../../../test/support/test-app';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** `npm run admin -- ...`, in its own process. */
const admin = (args: string[], env: Record<string, string>) => runCli('admin', args, env);

/**
 * `npm run admin -- grant|revoke|list` (issue 21): exit codes 0 done, 1 refused, 2 wrong usage.
 * With PostgreSQL it runs beside the server (its own DATA_DIR) and the server's next console
 * request sees the change; the embedded database refuses while the server holds the DATA_DIR,
 * and works once it is stopped.
 */
describe('npm run admin', () => {
  let t: App;
  let person: TestArtist;
  const scratch = scratchDataDirs();
  const ownDataDir = () => scratch.make();

  beforeAll(async () => {
    t = await startTestApp();
    person = await createArtist(t.app);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    scratch.remove();
  });

  it('answers wrong usage with 2 and the usage', async () => {
    // --bogus: an option parseArgs does not know (cli-support's parseCliArgs, shared by every command).
    for (const args of [['grant'], ['grant', 'not-an-address'], ['promote', 'a@b.c'], ['list', '--bogus']]) {
      const run = await admin(args, { DATA_DIR: ownDataDir() });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/Usage|e-mail address/);
    }
  }, 120_000);

  it('answers --help and -h with the usage on stdout and 0', async () => {
    // Answered by cli-support's parseCliArgs for every command, before the command's own words.
    for (const args of [['--help'], ['-h'], ['grant', 'a@b.c', '--help']]) {
      const run = await admin(args, { DATA_DIR: ownDataDir() });
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout).toMatch(/^Usage:/);
      expect(run.stderr).toBe('');
    }
  }, 120_000);

  it('grants, lists and revokes an operator; refuses an unknown account (1)', async () => {
    const email = `${person.id}@example.com`;
    let env: Record<string, string>;
    if (t.databaseUrl) {
      env = { DATABASE_URL: t.databaseUrl, DATA_DIR: ownDataDir() };
    } else {
      // The embedded database allows one process: refused while the server holds the DATA_DIR.
      const refused = await admin(['grant', email], { DATA_DIR: t.dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('DATA_DIR');
      await t.app.close();
      env = { DATA_DIR: t.dataDir };
    }
    const granted = await admin(['grant', email], env);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${email} is an operator`);
    if (t.databaseUrl) {
      // Beside the running server: its next console request sees the operator.
      const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: person.cookie } });
      expect(me.json()).toMatchObject({ email, enrolled: false });
    }
    expect((await admin(['grant', email], env)).stdout).toContain('already an operator');
    const listed = await admin(['list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${email}  granted`);
    expect(listed.stdout).toContain('second factor not set up yet');
    const unknown = await admin(['grant', 'nobody-here@example.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the e-mail nobody-here@example.com');
    const revoked = await admin(['revoke', email], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('no longer an operator');
    expect((await admin(['list'], env)).stdout).toContain('No operators yet.');
    if (!t.databaseUrl) {
      t = await startTestApp({}, { dataDir: t.dataDir });
    }
    const rows = await t.app.database.db.select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog).where(eq(auditLog.targetId, person.id)).orderBy(auditLog.id);
    expect(rows).toEqual([
      { action: 'operator.grant', actorId: null },
      { action: 'operator.revoke', actorId: null },
    ]);
  }, 180_000);
});
