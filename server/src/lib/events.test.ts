import { describe, expect, it, vi } from 'vitest';
import { EventBus } from './events';

describe('EventBus', () => {
  it('tells every subscriber of an event, and only them', () => {
    const bus = new EventBus({ error: vi.fn() });
    const tracks: string[] = [];
    const albums: string[] = [];
    bus.on('track.changed', ({ trackId }) => tracks.push(trackId));
    bus.on('track.changed', ({ userId }) => tracks.push(userId));
    bus.on('album.changed', ({ albumId }) => albums.push(albumId));
    bus.emit('track.changed', { trackId: 't1', userId: 'u1' });
    expect(tracks).toEqual(['t1', 'u1']);
    expect(albums).toEqual([]);
  });

  it('stops telling a subscriber that unsubscribed', () => {
    const bus = new EventBus({ error: vi.fn() });
    const seen: string[] = [];
    const off = bus.on('user.changed', ({ userId }) => seen.push(userId));
    bus.emit('user.changed', { userId: 'a', sessionsEnded: true });
    off();
    bus.emit('user.changed', { userId: 'b', sessionsEnded: true });
    expect(seen).toEqual(['a']);
  });

  it('logs a failing handler and still tells the others', () => {
    const error = vi.fn();
    const bus = new EventBus({ error });
    const seen: string[] = [];
    bus.on('track.changed', () => {
      throw new Error('boom');
    });
    bus.on('track.changed', ({ trackId }) => seen.push(trackId));
    expect(() => bus.emit('track.changed', { trackId: 't', userId: 'u' })).not.toThrow();
    expect(seen).toEqual(['t']);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: 'track.changed' }), 'an event handler failed');
  });
});

describe('EventBus with a relay (docs/decisions/053)', () => {
  const relay = () => ({ published: [] as [string, unknown][], synced: true, publish(name: string, payload: unknown) { this.published.push([name, payload]); }, flush: () => Promise.resolve() });

  it('relays what this process emits, never a resync, and tells local handlers at once', () => {
    const bus = new EventBus({ error: vi.fn() });
    const r = relay();
    bus.attachRelay(r);
    const seen: string[] = [];
    bus.on('track.changed', ({ trackId }) => seen.push(trackId));
    bus.emit('track.changed', { trackId: 't', userId: 'u' });
    bus.emit('events.resync', { reason: 'gap' });
    expect(seen).toEqual(['t']);
    expect(r.published).toEqual([['track.changed', { trackId: 't', userId: 'u' }]]);
  });

  it('delivers another process’s events to every handler but those for this process’s own changes, and relays none back', () => {
    const bus = new EventBus({ error: vi.fn() });
    const r = relay();
    bus.attachRelay(r);
    const caches: string[] = [];
    const once: string[] = [];
    bus.on('track.changed', ({ trackId }) => caches.push(trackId));
    bus.on('track.changed', ({ trackId }) => once.push(trackId), { thisProcessOnly: true });
    bus.deliver('track.changed', { trackId: 'remote', userId: 'u' });
    bus.emit('track.changed', { trackId: 'local', userId: 'u' });
    expect(caches).toEqual(['remote', 'local']);
    expect(once).toEqual(['local']);
    expect(r.published).toHaveLength(1);
  });

  it('says whether caches may answer from memory: always without a relay, while the relay is synced with one', () => {
    const bus = new EventBus({ error: vi.fn() });
    expect(bus.synced).toBe(true);
    const r = relay();
    bus.attachRelay(r);
    r.synced = false;
    expect(bus.synced).toBe(false);
  });
});
