import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { EditorsPicks, PicksError, type PickRow, type PicksAnnouncer } from '../discovery';
import { searchTracks } from './admin.repo';
import { auditEntry } from './audit.service';
import type { Actor } from './operators.service';

/**
 * The editor's picks from the console: discovery's EditorsPicks keeps the order and announces
 * each change; here each change writes its audit entry in the change's own transaction, and a
 * refusal becomes the console's error.
 */
export class ConsolePicks {
  constructor(
    private readonly deps: {
      db: () => Db;
      /** Tells every process the editor's picks changed (the server's event bus); the command line, which never changes them, has none. */
      announcePicks?: PicksAnnouncer;
    },
  ) {}

  private get editorsPicks(): EditorsPicks {
    if (!this.deps.announcePicks) throw new Error('AdminService: no announcer for the editor’s picks');
    return new EditorsPicks(this.deps.db(), this.deps.announcePicks);
  }

  list(): Promise<PickRow[]> {
    // Reading changes nothing: nothing to announce.
    return new EditorsPicks(this.deps.db(), () => undefined).list();
  }

  add(actor: Actor, trackId: string, position: number | undefined, reason?: string) {
    const record = auditEntry(actor, { action: 'pick.add', targetType: 'track', targetId: trackId, reason, details: position ? { position } : {} });
    return this.change(() => this.editorsPicks.add(trackId, position, record));
  }

  move(actor: Actor, trackId: string, position: number, reason?: string) {
    const record = auditEntry(actor, { action: 'pick.move', targetType: 'track', targetId: trackId, reason, details: { position } });
    return this.change(() => this.editorsPicks.move(trackId, position, record));
  }

  remove(actor: Actor, trackId: string, reason?: string) {
    const record = auditEntry(actor, { action: 'pick.remove', targetType: 'track', targetId: trackId, reason });
    return this.change(() => this.editorsPicks.remove(trackId, record));
  }

  /** Songs to pick from: by name or artist, each saying whether it is a pick already. */
  searchTracks(q: string) {
    return searchTracks(this.deps.db(), q);
  }

  private async change(change: () => Promise<PickRow[]>): Promise<PickRow[]> {
    try {
      return await change();
    } catch (error) {
      // The picks' refusals are worded for the command line (--position); the console names the field.
      if (error instanceof PicksError) throw new AppError('admin.pick-refused', error.message.replace(/^--position/, 'The position'));
      throw error;
    }
  }
}
