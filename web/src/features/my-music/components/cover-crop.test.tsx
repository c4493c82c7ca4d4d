import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { audioFile, pngFile } from '@/test/catalog-fixtures';
import { mockFetch, TEST_USER } from '@/test/fetch-mock';
import { jpegFile, stubPictures } from '@/test/picture-stubs';
import { renderApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';

const REFUSAL = 'Cover photo must be exactly 3000x3000px and in PNG or JPG format';

async function openUpload() {
  mockFetch({ 'GET /api/user': { body: TEST_USER }, 'GET /api/tracks': { body: [] }, 'GET /api/albums': { body: [] } });
  const xhr = mockXhr();
  renderApp('/dashboard');
  await screen.findByRole('tab', { name: /Songs/ }, { timeout: 10_000 });
  const user = userEvent.setup({ applyAccept: false });
  await user.click(screen.getByRole('button', { name: 'Upload Tracks' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload New Track' });
  await user.upload(within(dialog).getByLabelText('Audio file'), audioFile());
  return { dialog, user, xhr };
}

// The first test also loads the dashboard's lazy code, slow on a busy machine.
describe('Covers from a phone (spec section 5)', { timeout: 20_000 }, () => {
  let pictures: ReturnType<typeof stubPictures> | undefined;
  beforeEach(() => {
    pictures = undefined;
  });
  afterEach(() => pictures?.restore());

  it('opens a phone photo straight in the cropper; closed without a crop, the refusal names its real size', async () => {
    pictures = stubPictures({ width: 3024, height: 4032 });
    const { dialog, user, xhr } = await openUpload();
    // Stored 4032x3024 and turned by EXIF, as phones do: seen, and named, 3024x4032.
    await user.upload(within(dialog).getByLabelText('Cover photo'), jpegFile(4032, 3024, 'IMG_2041.jpg', 6));
    const crop = await screen.findByRole('dialog', { name: 'Crop cover photo' });
    expect(crop).toHaveAccessibleDescription(/This photo is 3024x4032 px; covers are exactly 3000x3000 px/);
    // No red refusal first.
    expect(within(dialog).queryByText(REFUSAL)).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop cover photo' })).toBeNull());
    expect(await within(dialog).findByText(REFUSAL)).toBeVisible();
    expect(await within(dialog).findByText(/^This photo is 3024x4032 px\. Crop it to use it/)).toBeVisible();
    expect(within(dialog).getByLabelText('Cover photo').getAttribute('aria-describedby')).toContain(
      within(dialog).getByText(/^This photo is 3024x4032 px/).id,
    );
    expect(within(dialog).getByRole('button', { name: 'Crop photo' })).toBeVisible();
    // Nothing goes up while the cover is not one.
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Upload Track' })).toBeEnabled());
    expect(xhr.requests).toHaveLength(0);
  });

  it('keeps the plain refusal for a file that is not an image', async () => {
    const { dialog, user } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Cover photo'), new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' }));
    expect(await within(dialog).findByText(REFUSAL)).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Crop cover photo' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Crop photo' })).toBeNull();
  });

  it('crops a 3024x4032 photo to a 3000x3000 cover.jpg that the form sends, by keyboard', async () => {
    pictures = stubPictures({ width: 3024, height: 4032 });
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Cover photo'), jpegFile(3024, 4032, 'IMG_2041.jpg'));
    // Larger than a cover: the cropper opens at once, with no refusal first.

    const crop = await screen.findByRole('dialog', { name: 'Crop cover photo' });
    expect(crop).toHaveAccessibleDescription(/This photo is 3024x4032 px; covers are exactly 3000x3000 px/);
    const area = await within(crop).findByRole('group', { name: 'Photo to crop' });
    // The crop area takes the focus once the photo shows: arrows move the square, + zooms.
    await waitFor(() => expect(area).toHaveFocus());
    expect(within(crop).getByTestId('crop-quality')).toHaveTextContent('Saved as a 3000x3000 px JPG.');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    await user.keyboard('+');
    expect(within(crop).getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuetext', '110%');
    await user.click(within(crop).getByRole('button', { name: 'Use as cover' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop cover photo' })).toBeNull());
    expect(within(dialog).queryByText(REFUSAL)).toBeNull();

    // The square drawn: the middle of the photo moved up two steps of 5%, then zoomed 1.1 about its centre.
    const last = pictures.drawn.at(-1)!;
    expect(last.slice(4)).toEqual([0, 0, 3000, 3000]);
    const side = 3024 / 1.1;
    expect(last[2]).toBe(Math.round(side));
    expect(last[0]).toBe(Math.round((3024 - side) / 2));
    expect(last[1]).toBe(Math.round(504 - 2 * 0.05 * 3024 + (3024 - side) / 2));

    await waitFor(() => expect(within(dialog).queryByText(REFUSAL)).toBeNull());
    expect(within(dialog).queryByText(/^This photo is/)).toBeNull();
    expect(within(dialog).getByText(/cover\.jpg/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Adjust crop' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const request = await xhr.next('POST', '/api/tracks');
    const cover = request.form.get('coverPhoto') as File;
    expect(cover.name).toBe('cover.jpg');
    expect(cover.type).toBe('image/jpeg');
    // The progress counts the whole body, the cover included.
    act(() => request.progress(300_000, 1_250_000));
    expect(within(dialog).getByTestId('upload-amount')).toHaveTextContent('292.97 KB of 1.19 MB');
  });

  it('warns that a 1080x1080 square is enlarged to 3000x3000, and goes back to the last crop', async () => {
    pictures = stubPictures({ width: 1080, height: 1080 });
    const { dialog, user } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Cover photo'), pngFile(1080, 1080, 'insta.png'));
    expect(await within(dialog).findByText(/^This photo is 1080x1080 px/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Crop photo' }));
    const crop = await screen.findByRole('dialog', { name: 'Crop cover photo' });
    expect(await within(crop).findByTestId('crop-quality')).toHaveTextContent(
      'The square you chose is 1080x1080 px, so it is enlarged to 3000x3000 px and may look a little soft.',
    );
    // At zoom 1 the whole square is the crop: it cannot zoom out, nor move.
    expect(within(crop).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    const slider = within(crop).getByRole('slider', { name: 'Zoom' });
    fireEvent.change(slider, { target: { value: '2' } });
    expect(slider).toHaveAttribute('aria-valuetext', '200%');
    await user.click(within(crop).getByRole('button', { name: 'Zoom in' }));
    expect(slider).toHaveAttribute('aria-valuetext', '220%');
    await user.click(within(crop).getByRole('button', { name: 'Use as cover' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop cover photo' })).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Adjust crop' }));
    const again = await screen.findByRole('dialog', { name: 'Crop cover photo' });
    // The last square comes back.
    await waitFor(() => expect(within(again).getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuetext', '220%'));
  });

  it('takes an exact 3000x3000 PNG as it is, with no crop offered', async () => {
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Cover photo'), pngFile(3000, 3000, 'square.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const request = await xhr.next('POST', '/api/tracks');
    expect((request.form.get('coverPhoto') as File).name).toBe('square.png');
    expect(within(dialog).queryByRole('button', { name: 'Crop photo' })).toBeNull();
    expect(within(dialog).queryByText(/^This photo is/)).toBeNull();
  });
});
