/** My Music (the default section): see components/my-music. */
export { MyMusicSection } from '../my-music/my-music-section';
