import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { PAYMENT_MESSAGES } from '#common/payment-messages';

/** My Music's fixed texts. Quoted from the spec (sections 2, 5 and 8) unless marked ours. */
export const MY_MUSIC_TEXTS = {
  checklistTitle: 'Complete these 3 steps to go fully live',
  noTracks: 'No tracks uploaded yet',
  noAlbums: 'No albums created yet',
  emptyAlbum: 'No songs in this album yet',
  uploadTracks: 'Upload Tracks',
  addAlbum: 'Add Album',
  newTrack: 'New track',
  createAlbum: 'Create Album',
  updateAlbum: 'Update Album',

  uploadSuccessful: 'Upload successful',
  uploadFailed: 'Upload failed',
  uploadFallback: 'Failed to upload track. Please try again.',
  networkError: 'Network error',
  trackUpdated: 'Track updated',
  trackNotUpdated: 'Track not updated', // ours (title)
  updateTrackFallback: 'Failed to update track. Please try again.',
  trackDeleted: 'Track deleted',
  trackNotDeleted: 'Track not deleted', // ours (title)
  deleteTrackFallback: 'Failed to delete track. Please try again.',
  cannotDeleteTrack: 'Cannot delete track',
  trackSold: CATALOG_MESSAGES.trackSold,
  albumCreated: 'Album created',
  createAlbumFailed: 'Failed to create album.',
  albumUpdated: 'Album updated',
  albumNotUpdated: 'Album not updated', // ours (title)
  updateAlbumFallback: 'Failed to update album. Please try again.',
  albumDeleted: 'Album deleted',
  albumNotDeleted: 'Album not deleted', // ours (title)
  deleteAlbumFallback: 'Failed to delete album. Please try again.',
  cannotDeleteAlbum: 'Cannot delete album', // issue 16, as the spec's track rule
  albumSold: CATALOG_MESSAGES.albumSold,
  notOnSaleYet: PAYMENT_MESSAGES.notOnSaleYet, // issue 16: priced, but no payout method yet
  notOnSaleReason: 'fans cannot buy it until you add a payout method.', // ours
  goToPayments: 'Go to Payments',
  // Takedowns (issue 21, decision 058), ours.
  takenDown: 'Taken down',
  takenDownBy: 'Taken down by Sauti',
  takedownNoticeTitle: 'Sauti took down some of your music',
  takedownNoticeBody: 'Fans cannot find, play or buy what is taken down; those who bought it keep it. Only Sauti can restore it: if you think this is a mistake, write to us.',
  takedownArtist: 'Your profile and all your music are taken down',
} as const;
