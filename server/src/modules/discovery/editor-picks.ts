import type { DbOrTx } from '../../db/client';
import { deletePick, findTrackTitle, insertPick, listPicks, lockPicks, renumberPicks, type PickRow } from './discovery.repo';

export type { PickRow };

/** A refusal the operator can act on: the command-line tool prints the message and exits non-zero. */
export class PicksError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkId(trackId: string) {
  if (!UUID.test(trackId)) throw new PicksError(`"${trackId}" is not a track id (a track id looks like 3f1c2a9e-0b7d-4e8a-9c51-2d6f8e4b7a10).`);
}

/**
 * Told once a change of the picks has committed, so that every process drops its kept landing
 * lists at once (decision 053): the server emits `discovery.changed`, the command line notifies the
 * running servers. The writer announces, not its callers, so no caller can forget (issue 33).
 */
export type PicksAnnouncer = () => void | Promise<void>;

/** Written in the change's own transaction (the console's audit entry, decision 051): both or neither. */
export type PicksRecord = (tx: DbOrTx) => Promise<unknown>;

/**
 * Editor's picks, curated by the operator (the console, or `npm run picks`). Positions are kept
 * 1..n: adding at a position moves the later picks down, removing one closes the gap. Every change
 * takes an advisory lock, so two operators (or a CLI and another) never interleave on PostgreSQL.
 */
export class EditorsPicks {
  constructor(
    private readonly db: DbOrTx,
    private readonly announce: PicksAnnouncer,
  ) {}

  /** Runs one change and its record in a transaction; announces it once that has committed. */
  private async change(record: PicksRecord | undefined, write: (tx: DbOrTx) => Promise<PickRow[]>): Promise<PickRow[]> {
    const after = await this.db.transaction(async (tx) => {
      const rows = await write(tx);
      if (record) await record(tx);
      return rows;
    });
    await this.announce();
    return after;
  }

  list(): Promise<PickRow[]> {
    return listPicks(this.db);
  }

  /** Adds a track at `position` (1-based; default: last). Answers the list after the change. */
  async add(trackId: string, position?: number, record?: PicksRecord): Promise<PickRow[]> {
    checkId(trackId);
    if (position !== undefined && (!Number.isInteger(position) || position < 1)) {
      throw new PicksError('--position must be a whole number from 1.');
    }
    return this.change(record, async (tx) => {
      await lockPicks(tx);
      const track = await findTrackTitle(tx, trackId);
      if (!track) throw new PicksError(`No track has the id ${trackId}.`);
      const current = await listPicks(tx);
      const existing = current.find((pick) => pick.trackId === trackId);
      if (existing) {
        throw new PicksError(
          `"${track.trackName}" by ${track.artistName} is already an editor's pick (position ${current.indexOf(existing) + 1}). Remove it first to move it.`,
        );
      }
      const order = current.map((pick) => pick.trackId);
      const at = Math.min(position ?? order.length + 1, order.length + 1);
      order.splice(at - 1, 0, trackId);
      await insertPick(tx, trackId, at);
      await renumberPicks(tx, order);
      return listPicks(tx);
    });
  }

  /** Moves a pick to `position` (1-based; past the end: last). Answers the list after the change. */
  async move(trackId: string, position: number, record?: PicksRecord): Promise<PickRow[]> {
    checkId(trackId);
    if (!Number.isInteger(position) || position < 1) throw new PicksError('--position must be a whole number from 1.');
    return this.change(record, async (tx) => {
      await lockPicks(tx);
      const order = (await listPicks(tx)).map((pick) => pick.trackId);
      const from = order.indexOf(trackId);
      if (from < 0) throw new PicksError(`The track ${trackId} is not an editor's pick.`);
      order.splice(from, 1);
      order.splice(Math.min(position, order.length + 1) - 1, 0, trackId);
      await renumberPicks(tx, order);
      return listPicks(tx);
    });
  }

  /** Removes a track from the picks. Answers the list after the change. */
  async remove(trackId: string, record?: PicksRecord): Promise<PickRow[]> {
    checkId(trackId);
    return this.change(record, async (tx) => {
      await lockPicks(tx);
      if (!(await deletePick(tx, trackId))) throw new PicksError(`The track ${trackId} is not an editor's pick.`);
      await renumberPicks(tx, (await listPicks(tx)).map((pick) => pick.trackId));
      return listPicks(tx);
    });
  }
}
