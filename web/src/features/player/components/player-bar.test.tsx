import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sw from '../../../../../common/src/i18n/sw.json';
import { compileCatalogue } from '#common/i18n/compile';
import { createTranslator, I18nProvider } from '@/lib/i18n';
import { BuyButtonProvider, type RenderBuyButton } from '@/lib/purchase';
import { DATA_SAVER_STORAGE_KEY, type PlayerTrack } from '../player-controller';
import { PlayerBar } from './player-bar';
import { PlayerProvider, usePlayer } from './player-provider';

const PREVIEW: PlayerTrack = { id: 't-preview', trackName: 'Teaser', artistName: 'Amani', duration: 40, allowFullPlayback: false };
const FULL: PlayerTrack = { id: 't-full', trackName: 'Sunrise', artistName: 'Amani', duration: 185, allowFullPlayback: true };
const PRICED_PREVIEW: PlayerTrack = { id: 't-priced', trackName: 'For Sale', artistName: 'Amani', duration: 40, allowFullPlayback: false, price: 5000 };

function TrackButtons() {
  const player = usePlayer();
  return (
    <>
      {[FULL, PREVIEW, PRICED_PREVIEW].map((track) => (
        <button key={track.id} type="button" onClick={() => player.select(track)}>
          {`Select ${track.trackName}`}
        </button>
      ))}
    </>
  );
}

/** The app's Buy button stands in as a plain button named like the real one. */
const renderBuyButton: RenderBuyButton = ({ item }) => <button type="button">{`Buy ${item.name} for KES ${(item.price / 100).toFixed(2)}`}</button>;

function renderPlayer({ offerPurchase = false }: { offerPurchase?: boolean } = {}) {
  const recordPlay = vi.fn().mockResolvedValue({});
  render(
    <BuyButtonProvider value={renderBuyButton}>
      <PlayerProvider dependencies={{ recordPlay }}>
        <TrackButtons />
        <PlayerBar offerPurchase={offerPurchase} />
      </PlayerProvider>
    </BuyButtonProvider>,
  );
  const audio = screen.getByTestId('player-audio') as HTMLAudioElement;
  return { audio, recordPlay, user: userEvent.setup() };
}

/** jsdom has no media playback: the element says it plays and the test moves its playhead. */
function timeUpdate(audio: HTMLAudioElement, seconds: number) {
  act(() => {
    audio.currentTime = seconds;
    fireEvent.timeUpdate(audio);
  });
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  // As in a browser, load() empties the element and puts its playhead back at 0.
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(function (this: HTMLMediaElement) {
    this.currentTime = 0;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(false);
});
afterEach(() => vi.restoreAllMocks());

describe('PlayerBar (spec sections 2 and 4)', () => {
  it('fetches no audio until a track is chosen, then shows the bar with title, times, seek bar and close', async () => {
    const { audio, user } = renderPlayer();
    expect(audio.getAttribute('preload')).toBe('none');
    expect(audio.getAttribute('src')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Select Sunrise' }));
    const bar = screen.getByRole('region', { name: 'Audio player' });
    expect(audio.getAttribute('src')).toBe('/api/tracks/t-full/stream');
    expect(screen.getByTestId('player-title').textContent).toBe('Sunrise');
    expect(screen.getByTestId('player-total').textContent).toBe('3:05');
    timeUpdate(audio, 62);
    expect(screen.getByTestId('player-elapsed').textContent).toBe('1:02');
    expect(screen.getByRole('slider', { name: 'Seek in Sunrise' })).toHaveProperty('value', '62');

    await user.click(screen.getByRole('button', { name: 'Pause Sunrise' }));
    expect(screen.getByRole('button', { name: 'Play Sunrise' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close player' }));
    expect(bar.isConnected).toBe(false);
    expect(audio.getAttribute('src')).toBeNull();
  });

  it('seeks when the thumb is let go, and clamps a preview at 25 s', async () => {
    const { audio, user } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Select Teaser' }));
    expect(screen.getByText(/25-second preview/)).toBeVisible();
    expect(screen.getByTestId('player-total').textContent).toBe('0:25');
    const slider = screen.getByRole('slider', { name: 'Seek in Teaser' });
    expect(slider.getAttribute('max')).toBe('25');

    fireEvent.input(slider, { target: { value: '12' } });
    expect(screen.getByTestId('player-elapsed').textContent).toBe('0:12');
    fireEvent.change(slider, { target: { value: '12' } });
    expect(audio.currentTime).toBe(12);

    timeUpdate(audio, 25.2);
    expect(audio.getAttribute('src')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/^Preview ended\.$/);
  });

  it('says the preview ended instead of vanishing, and plays it again from the start', async () => {
    const { audio, user } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Select Teaser' }));
    const bar = screen.getByRole('region', { name: 'Audio player' });
    // The live region is there from the start, so the change is announced.
    expect(screen.getByRole('status')).toHaveTextContent('Playing Teaser');
    timeUpdate(audio, 25);

    expect(bar.isConnected).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Preview ended.');
    expect(screen.getByTestId('player-title').textContent).toBe('Teaser');
    // The player has closed (spec section 4): no source, no seek bar, nothing to buy for a free track.
    expect(audio.getAttribute('src')).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Buy / })).toBeNull();

    await user.click(within(bar).getByRole('button', { name: 'Play Teaser' }));
    expect(audio.getAttribute('src')).toBe('/api/tracks/t-preview/stream');
    expect(screen.getByRole('status')).toHaveTextContent('Playing Teaser');
    expect(screen.getByRole('slider', { name: 'Seek in Teaser' })).toHaveProperty('value', '0');

    timeUpdate(audio, 25);
    await user.click(within(bar).getByRole('button', { name: 'Close player' }));
    expect(bar.isConnected).toBe(false);
  });

  it('offers a priced track to buy when its preview ends, where the page sells', async () => {
    const { audio, user } = renderPlayer({ offerPurchase: true });
    await user.click(screen.getByRole('button', { name: 'Select For Sale' }));
    timeUpdate(audio, 25);
    const bar = screen.getByRole('region', { name: 'Audio player' });
    expect(within(bar).getByRole('status')).toHaveTextContent('Preview ended. The full song is for buyers.');
    expect(within(bar).getByRole('button', { name: 'Buy For Sale for KES 50.00' })).toBeVisible();
  });

  it('plays a preview-only track the server sent whole past 25 s, without the preview badge (issue 16)', async () => {
    const { audio, user } = renderPlayer({ offerPurchase: true });
    await user.click(screen.getByRole('button', { name: 'Select For Sale' }));
    const bar = screen.getByRole('region', { name: 'Audio player' });
    expect(within(bar).getByText('25-second preview')).toBeVisible();
    Object.defineProperty(audio, 'duration', { value: 40, configurable: true });
    act(() => void fireEvent.loadedMetadata(audio));
    expect(within(bar).queryByText('25-second preview')).toBeNull();
    expect(within(bar).getByTestId('player-total')).toHaveTextContent('0:40');
    timeUpdate(audio, 30);
    expect(within(bar).getByRole('status')).toHaveTextContent('Playing For Sale');
    expect(within(bar).getByTestId('player-elapsed')).toHaveTextContent('0:30');
    expect(within(bar).queryByRole('button', { name: /^Buy / })).toBeNull();
  });

  it("passes a track's purchasable on to its Buy button when the preview ends", async () => {
    const seen: (boolean | undefined)[] = [];
    const recordPlay = vi.fn().mockResolvedValue({});
    const track: PlayerTrack = { ...PRICED_PREVIEW, purchasable: false };
    function Select() {
      const player = usePlayer();
      return (
        <button type="button" onClick={() => player.select(track)}>
          Select
        </button>
      );
    }
    render(
      <BuyButtonProvider value={({ purchasable }) => (seen.push(purchasable), <span>{purchasable === false ? 'Not on sale yet' : 'Buy'}</span>)}>
        <PlayerProvider dependencies={{ recordPlay }}>
          <Select />
          <PlayerBar offerPurchase />
        </PlayerProvider>
      </BuyButtonProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    timeUpdate(screen.getByTestId('player-audio') as HTMLAudioElement, 25);
    expect(within(screen.getByRole('region', { name: 'Audio player' })).getByText('Not on sale yet')).toBeVisible();
    expect(seen.at(-1)).toBe(false);
  });

  it('says the full song is for buyers without a Buy button on the dashboard', async () => {
    const { audio, user } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Select For Sale' }));
    timeUpdate(audio, 25);
    expect(screen.getByRole('status')).toHaveTextContent('Preview ended. The full song is for buyers.');
    expect(screen.queryByRole('button', { name: /^Buy / })).toBeNull();
  });

  it('is a slider spoken in words, moved 5 s by the arrows and to the ends by Home and End, and says the play state (decision 057)', async () => {
    const { audio, user } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Select Sunrise' }));
    const slider = screen.getByRole('slider', { name: 'Seek in Sunrise' });
    timeUpdate(audio, 80);
    expect(slider).toHaveAttribute('aria-valuetext', '1 minute 20 seconds of 3 minutes 5 seconds');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(audio.currentTime).toBe(85);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(audio.currentTime).toBe(75);
    expect(slider).toHaveAttribute('aria-valuetext', '1 minute 15 seconds of 3 minutes 5 seconds');
    await user.keyboard('{Home}');
    expect(audio.currentTime).toBe(0);
    expect(slider).toHaveAttribute('aria-valuetext', '0 seconds of 3 minutes 5 seconds');
    await user.keyboard('{End}');
    expect(audio.currentTime).toBe(185);

    expect(screen.getByRole('status')).toHaveTextContent('Playing Sunrise');
    await user.click(screen.getByRole('button', { name: 'Pause Sunrise' }));
    expect(screen.getByRole('status')).toHaveTextContent('Sunrise paused');
  });

  it('speaks in Kiswahili on a Kiswahili page', async () => {
    const user = userEvent.setup();
    render(
      <I18nProvider translator={createTranslator('sw', compileCatalogue(sw))}>
        <PlayerProvider dependencies={{ recordPlay: vi.fn().mockResolvedValue({}) }}>
          <TrackButtons />
          <PlayerBar />
        </PlayerProvider>
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Select Teaser' }));
    const bar = screen.getByRole('region', { name: 'Kicheza muziki' });
    timeUpdate(screen.getByTestId('player-audio') as HTMLAudioElement, 20);
    expect(within(bar).getByRole('slider', { name: 'Sogeza ndani ya Teaser' })).toHaveAttribute('aria-valuetext', 'sekunde 20 kati ya sekunde 25');
    expect(within(bar).getByRole('status')).toHaveTextContent('Inacheza Teaser');
    expect(within(bar).getByRole('button', { name: 'Simamisha Teaser' })).toBeVisible();
    expect(within(bar).getByText('Kionjo cha sekunde 25')).toBeVisible();
  });

  it('closes at the end of the track', async () => {
    const { audio, user } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Select Sunrise' }));
    act(() => void fireEvent.ended(audio));
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
  });

  it('remembers the data-saver choice and streams the smaller file', async () => {
    const { audio, user } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Select Sunrise' }));
    const saver = screen.getByRole('button', { name: 'Data saver' });
    expect(saver.getAttribute('aria-pressed')).toBe('false');
    await user.click(saver);
    expect(saver.getAttribute('aria-pressed')).toBe('true');
    expect(audio.getAttribute('src')).toBe('/api/tracks/t-full/stream?quality=low');
    expect(window.localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBe('1');
  });

  it('explains data saver behind a button a tap reaches (not a hover tooltip)', async () => {
    const { user } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Select Sunrise' }));
    const about = screen.getByRole('button', { name: 'About data saver' });
    const explanation = /smaller file that uses about half the data/;
    const note = screen.getByText(explanation);
    expect(about.getAttribute('aria-controls')).toBe(note.id);
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(note).not.toBeVisible();

    await user.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('true');
    expect(note).toBeVisible();
    // Reading it changes nothing.
    expect(screen.getByRole('button', { name: 'Data saver' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(note).not.toBeVisible();

    // Escape, or a tap elsewhere, folds it away.
    await user.click(about);
    await user.keyboard('{Escape}');
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(about).toHaveFocus();
    await user.click(about);
    await user.click(screen.getByTestId('player-title'));
    expect(about.getAttribute('aria-expanded')).toBe('false');
  });

  it('records a play once per selection at 5 s', async () => {
    const { audio, recordPlay, user } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Select Sunrise' }));
    timeUpdate(audio, 5.2);
    timeUpdate(audio, 9);
    expect(recordPlay).toHaveBeenCalledTimes(1);
    expect(recordPlay).toHaveBeenCalledWith('t-full', expect.objectContaining({ streamType: 'play', duration: 5.2 }));
  });
});
