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
