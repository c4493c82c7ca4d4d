/** Playback: streaming, cover thumbnails, play counts (public). */
export { playbackPlugin } from './playback.plugin';
export { ListenerHasher } from './streams.service';
