import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '#common/schemas/auth';
import type { SocialLink } from '#common/schemas/profile';
import { pngFile } from '@/test/catalog-fixtures';
import { TEST_USER, type MockRoute } from '@/test/fetch-mock';
import { jpegFile, stubPictures } from '@/test/picture-stubs';
import { currentUserQueryKey } from '@/lib/auth';
import { findToastBehindDialog, openDashboard } from '@/test/dashboard';

const INSTAGRAM: SocialLink = { id: 'l1', title: 'Instagram', url: 'https://instagram.com/amani' };

const openProfile = (routes: Record<string, MockRoute> = {}) =>
  openDashboard('/dashboard?section=profile', { 'GET /api/social-links': { body: [] }, ...routes }, ['heading', { level: 2, name: 'Profile details' }]);

const findToast = findToastBehindDialog;

const shareLinks = () => (screen.getAllByLabelText('Share Link') as HTMLInputElement[]).map((input) => input.value);

describe('Profile: display name and Edit Profile (spec sections 2, 5, 8)', () => {
  it('shows the name and e-mail, refuses a blank name with the spec text and sends nothing', async () => {
    const { user, calls } = await openProfile();
    expect(screen.getByTestId('profile-display-name')).toHaveTextContent(TEST_USER.displayName);
    expect(screen.getByText(TEST_USER.email)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const input = within(dialog).getByLabelText('Display name');
    expect(input).toHaveValue(TEST_USER.displayName);
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Display name is required')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls('PATCH /api/user/profile')).toHaveLength(0);
  });

  it("renames: 'Profile updated', the current user's cache and the header's Share Link follow at once", async () => {
    const renamed: CurrentUser = { ...TEST_USER, displayName: 'Amani Live', profileUrl: '/profile/amanilive' };
    const { user, calls, queryClient } = await openProfile({ 'PATCH /api/user/profile': { body: renamed } });
    expect(shareLinks()[0]).toBe('http://localhost:3000/profile/amaniwamuziki');
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const input = within(dialog).getByLabelText('Display name');
    await user.clear(input);
    await user.type(input, '  Amani Live ');
    expect(within(dialog).getByText('/amanilive')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await findToast('Profile updated')).toBeVisible();
    expect(calls('PATCH /api/user/profile')[0]!.body).toEqual({ displayName: 'Amani Live' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(renamed);
    expect(screen.getByTestId('profile-display-name')).toHaveTextContent('Amani Live');
    expect(shareLinks().every((link) => link === 'http://localhost:3000/profile/amanilive')).toBe(true);
    // No second read of the user: the answer itself is the new state.
    expect(calls('GET /api/user')).toHaveLength(1);
  });

  it("shows 'Update failed' with the server's reason and keeps the dialog and the old name", async () => {
    const taken = { status: 409, body: { message: 'This display name is already taken. Please choose another.' } };
    const { user, queryClient } = await openProfile({ 'PATCH /api/user/profile': taken });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const input = within(dialog).getByLabelText('Display name');
    await user.clear(input);
    await user.type(input, 'Taken Name');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const toast = await findToast('Update failed');
    expect(toast).toHaveTextContent(taken.body.message);
    expect(within(dialog).getByText(taken.body.message)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    expect((queryClient.getQueryData(currentUserQueryKey) as CurrentUser).displayName).toBe(TEST_USER.displayName);
  });
});

describe('Profile photo (spec sections 2, 8, 9)', () => {
  let pictures: ReturnType<typeof stubPictures> | undefined;
  afterEach(() => {
    pictures?.restore();
    pictures = undefined;
  });

  it('recommends 400x400, previews the chosen photo, uploads it with progress and ticks onboarding step 1', async () => {
    const withPhoto: CurrentUser = { ...TEST_USER, hasProfilePhoto: true, profilePhotoFilename: 'p-1.webp' };
    const { user, xhr, queryClient } = await openProfile({
      'GET /api/tracks': { body: [] },
      'GET /api/albums': { body: [] },
      'GET /api/payment-methods': { body: [] },
    });
    expect(screen.getByText(/JPG or PNG, 400x400 px recommended/)).toBeVisible();
    // A square photo goes as it is (the server makes its sizes).
    await user.upload(screen.getByLabelText('Profile photo file'), pngFile(800, 800, 'me.png'));
    expect(await screen.findByText('me.png')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Crop profile photo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save photo' }));

    const request = await xhr.next('POST', '/api/user/profile-photo');
    expect(request.withCredentials).toBe(true);
    expect((request.form.get('profilePhoto') as File).name).toBe('me.png');
    request.progress(50, 100);
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    request.respond(200, withPhoto);

    expect(await findToast('Profile photo updated')).toBeVisible();
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(withPhoto);
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeVisible();

    // Onboarding step 1 (a display name and a photo) now shows as done in My Music.
    await user.click(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('button', { name: 'My Music' }));
    const checklist = await screen.findByTestId('onboarding-checklist', {}, { timeout: 10_000 });
    expect(within(checklist).getByText(/Step 1, done/)).toBeInTheDocument();
  });

  it("says 'Failed to update profile photo. Please try again.' with the server's reason", async () => {
    const { user, xhr, queryClient } = await openProfile();
    await user.upload(screen.getByLabelText('Profile photo file'), pngFile(400, 400, 'me.png'));
    await user.click(await screen.findByRole('button', { name: 'Save photo' }));
    (await xhr.next('POST', '/api/user/profile-photo')).respond(400, { message: 'The photo could not be read.' });
    const toast = await findToast('Failed to update profile photo. Please try again.');
    expect(toast).toHaveTextContent('The photo could not be read.');
    expect((queryClient.getQueryData(currentUserQueryKey) as CurrentUser).hasProfilePhoto).toBe(false);
    // The chosen photo stays, ready for another try.
    expect(screen.getByRole('button', { name: 'Save photo' })).toBeEnabled();
  });

  it("crops a phone's portrait photo to the square the artist chooses, sent as an 800x800 JPEG", async () => {
    pictures = stubPictures({ width: 3024, height: 4032 });
    const { user, xhr } = await openProfile();
    await user.upload(screen.getByLabelText('Profile photo file'), jpegFile(4032, 3024, 'IMG_1001.jpg', 6));
    const crop = await screen.findByRole('dialog', { name: 'Crop profile photo' });
    expect(crop).toHaveAccessibleDescription(/^This photo is 3024x4032 px\. Move and zoom it/);
    const area = await within(crop).findByRole('group', { name: 'Photo to crop' });
    await waitFor(() => expect(area).toHaveFocus());
    expect(within(crop).getByTestId('crop-quality')).toHaveTextContent('Saved as a 800x800 px JPG.');
    // The face is near the top: move the square up as far as it goes.
    await user.keyboard('{Shift>}{ArrowUp}{ArrowUp}{ArrowUp}{/Shift}');
    await user.click(within(crop).getByRole('button', { name: 'Use photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop profile photo' })).toBeNull());
    // Halved once (3024 to 1512), then drawn at 800x800 from the top of the photo.
    expect(pictures.drawn[0]!.slice(0, 4)).toEqual([0, 0, 3024, 3024]);
    expect(pictures.drawn.at(-1)!.slice(4)).toEqual([0, 0, 800, 800]);
    expect(screen.getByText('profile-photo.jpg')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Adjust crop' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save photo' }));
    const request = await xhr.next('POST', '/api/user/profile-photo');
    const sent = request.form.get('profilePhoto') as File;
    expect(sent.name).toBe('profile-photo.jpg');
    expect(sent.type).toBe('image/jpeg');
  });

  it('refuses a file that is not a JPG or PNG before sending it', async () => {
    const { user, xhr } = await openProfile();
    await user.upload(screen.getByLabelText('Profile photo file'), new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile photo must be a JPG or PNG image');
    expect(screen.queryByRole('button', { name: 'Save photo' })).toBeNull();
    expect(xhr.requests).toHaveLength(0);
  });
});

describe('Social links (spec sections 2, 5, 8)', () => {
  it('lists links by title, opening in a new tab without an opener', async () => {
    await openProfile({ 'GET /api/social-links': { body: [INSTAGRAM] } });
    const link = await screen.findByRole('link', { name: /Instagram/ });
    expect(link).toHaveAttribute('href', INSTAGRAM.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("validates with the spec's texts, then adds: 'Social link added' and the link joins the list", async () => {
    const stored: SocialLink[] = [];
    const { user, calls } = await openProfile({
      'GET /api/social-links': () => ({ body: stored }),
      'POST /api/social-links': (request) => {
        const body = request.body as { title: string; url: string };
        const link = { id: 'l2', ...body };
        stored.push(link);
        return { status: 201, body: link };
      },
    });
    expect(await screen.findByText(/No social links yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Social Media Link' });
    await user.type(within(dialog).getByLabelText('URL'), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    expect(await within(dialog).findByText('Title is required')).toBeVisible();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeVisible();
    expect(calls('POST /api/social-links')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), 'TikTok');
    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'tiktok.com/@amani');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));

    expect(await findToast('Social link added')).toBeVisible();
    expect(calls('POST /api/social-links')[0]!.body).toEqual({ title: 'TikTok', url: 'https://tiktok.com/@amani' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Social links' })).getByRole('link', { name: /TikTok/ })).toHaveAttribute(
      'href',
      'https://tiktok.com/@amani',
    );
  });

  it("refuses a javascript: link in the browser too", async () => {
    const { user, calls } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Social Media Link' });
    await user.type(within(dialog).getByLabelText('Title'), 'Sneaky');
    await user.type(within(dialog).getByLabelText('URL'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    expect(await within(dialog).findByText('Links must start with http:// or https://')).toBeVisible();
    expect(calls('POST /api/social-links')).toHaveLength(0);
  });

  it("says 'Failed to add social link.' with the server's message and keeps the dialog", async () => {
    const refused = { status: 400, body: { message: 'You can add at most 20 social links. Delete one to add another.' } };
    const { user } = await openProfile({ 'POST /api/social-links': refused });
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Social Media Link' });
    await user.type(within(dialog).getByLabelText('Title'), 'YouTube');
    await user.type(within(dialog).getByLabelText('URL'), 'https://youtube.com/@amani');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    expect(await findToast('Failed to add social link.')).toHaveTextContent(refused.body.message);
    expect(screen.getByRole('dialog', { name: 'Add Social Media Link' })).toBeVisible();
  });

  it("deletes: 'Social link deleted' and the link leaves the list", async () => {
    const { user, calls } = await openProfile({
      'GET /api/social-links': { body: [INSTAGRAM] },
      'DELETE /api/social-links/l1': { body: { message: 'Social link deleted' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Instagram' }));
    expect(await findToast('Social link deleted')).toBeVisible();
    expect(calls('DELETE /api/social-links/l1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Instagram/ })).toBeNull());
  });

  it("says 'Failed to delete social link.' and keeps the link", async () => {
    const { user } = await openProfile({
      'GET /api/social-links': { body: [INSTAGRAM] },
      'DELETE /api/social-links/l1': { status: 500, body: { message: 'Something went wrong' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Instagram' }));
    expect(await findToast('Failed to delete social link.')).toBeVisible();
    expect(screen.getByRole('link', { name: /Instagram/ })).toBeVisible();
  });
});
