/** The landing page's lists: trending songs, popular artists, editor's picks. */
export { discoveryPlugin } from './discovery.plugin';
