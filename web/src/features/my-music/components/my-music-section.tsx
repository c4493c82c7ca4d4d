import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutationState, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { PlusIcon, RefreshCwIcon, UploadIcon } from 'lucide-react';
import { formatFileSize } from '#common/format';
import { type Album, type Track } from '#common/schemas/catalog/responses';
import { STORAGE_QUOTA_BYTES } from '#common/schemas/catalog/rules';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ListStates } from '@/components/list-states';
import { toast } from '@/components/ui/use-toast';
import { hasErrorCode, messageOf } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import {
  albumsQuery,
  trackPurchases,
  storageQuery,
  tracksQuery,
  useDeleteAlbum,
  useDeleteTrack,
  useUpdateTrack,
  type TrackEditVariables,
} from '../api/catalog-api';
import { myTakedownsQuery, takedownOf } from '../api/takedowns-api';
import { usePlayback } from '@/lib/playback';
import { AlbumRow } from './album-row';
import { DeleteAlbumDialog, DeleteTrackDialog } from './delete-dialogs';
import { OnboardingChecklist } from './onboarding-checklist';
import { TakedownNotice } from './takedown-note';
import { TrackRow } from './track-row';
import { useAppI18n } from '@/lib/app-i18n';

// The form dialogs (react-hook-form, react-dropzone) load when first opened, or when the pointer
// comes near their buttons.
const loadUploadDialog = () => import('./upload-track-dialog');
const loadEditDialog = () => import('./edit-track-dialog');
const loadAlbumDialog = () => import('./album-dialog');
const UploadTrackDialog = lazy(() => loadUploadDialog().then((m) => ({ default: m.UploadTrackDialog })));
const EditTrackDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditTrackDialog })));
const AlbumDialog = lazy(() => loadAlbumDialog().then((m) => ({ default: m.AlbumDialog })));

type OpenDialog =
  | { kind: 'upload' }
  | { kind: 'edit-track'; track: Track }
  | { kind: 'delete-track'; track: Track }
  | { kind: 'album'; album?: Album }
  | { kind: 'delete-album'; album: Album }
  | null;

type TabId = 'songs' | 'albums';

/** While a dialog's code arrives on a slow connection. */
function DialogLoading({ onClose }: { onClose: () => void }) {
  const { t } = useAppI18n();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex items-center justify-center py-12 sm:max-w-xs">
        <DialogTitle className="sr-only">{t('myMusic.loading')}</DialogTitle>
        <DialogDescription className="sr-only">{t('myMusic.formLoading')}</DialogDescription>
        <Spinner className="size-6 text-primary" />
      </DialogContent>
    </Dialog>
  );
}

export interface MyMusicSectionProps {
  /** Step 2 of the onboarding checklist: the artist has a payment method (the app asks the payments feature). */
  hasPaymentMethod: boolean;
  /**
   * The artist surely has no payout method (the list loaded, and is empty): their priced songs and
   * albums are 'Not on sale yet' on the public pages, and their rows say so with a way to Payments.
   * False while unknown (loading, or the list could not be read).
   */
  payoutMethodMissing?: boolean;
  /** The checklist's links to the other dashboard sections. */
  onOpenProfile: () => void;
  onOpenPayments: () => void;
}

/** My Music (spec section 2): the onboarding checklist, then the Songs and Albums tabs with their dialogs. */
export function MyMusicSection({ hasPaymentMethod, payoutMethodMissing = false, onOpenProfile, onOpenPayments }: MyMusicSectionProps) {
  const { t } = useAppI18n();
  const { user } = useCurrentUser();
  const tracks = useQuery(tracksQuery);
  const albums = useQuery(albumsQuery);
  const storage = useQuery(storageQuery);
  const takedowns = useQuery(myTakedownsQuery).data;
  const playback = usePlayback();
  const { sync } = playback;
  const [tab, setTab] = useState<TabId>('songs');
  const [dialog, setDialogState] = useState<OpenDialog>(null);
  const [checkingDelete, setCheckingDelete] = useState<string | null>(null);
  // Focus goes back to the button that opened a dialog when it closes (decision 057): the dialogs
  // arrive lazily behind a loading dialog, so Radix's own return lands on the page's body.
  const opener = useRef<HTMLElement | null>(null);
  const setDialog = (next: OpenDialog) => {
    if (next && !dialog && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    setDialogState(next);
  };
  const closeDialog = () => setDialog(null);
  useEffect(() => {
    if (dialog) return;
    const button = opener.current;
    if (!button) return;
    const timer = window.setTimeout(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && button.isConnected) button.focus();
    });
    return () => window.clearTimeout(timer);
  }, [dialog]);

  const trackList = tracks.data ?? [];
  const albumList = albums.data ?? [];
  const albumNames = new Map(albumList.map((album) => [album.id, album.albumName]));

  // The player follows the artist's edits (e.g. a switch to preview) and deletions.
  useEffect(() => {
    if (tracks.data) sync(tracks.data);
  }, [tracks.data, sync]);

  const updateTrack = useUpdateTrack({
    onSaved: () => toast({ title: t('myMusic.trackUpdated') }),
    onFailed: (error) =>
      toast({
        variant: 'destructive',
        title: t('myMusic.trackNotUpdated'),
        description: messageOf(error, t('myMusic.updateTrackFallback')),
      }),
  });
  const savingTrackIds = useMutationState({
    filters: { mutationKey: ['update-track'], status: 'pending' },
    select: (mutation) => (mutation.state.variables as TrackEditVariables | undefined)?.track.id,
  });
  const deleteTrack = useDeleteTrack();
  const deleteAlbum = useDeleteAlbum();

  const showSoldRefusal = () =>
    toast({ variant: 'destructive', title: t('myMusic.cannotDeleteTrack'), description: t('myMusic.trackSold') });
  const showTrackNotDeleted = () =>
    toast({ variant: 'destructive', title: t('myMusic.trackNotDeleted'), description: t('myMusic.deleteTrackFallback') });

  /** Spec section 4: a sold track cannot be deleted; ask the purchases before confirming. */
  const requestTrackDeletion = async (track: Track) => {
    setCheckingDelete(track.id);
    try {
      const purchases = await trackPurchases(track.id);
      if (purchases.length > 0) showSoldRefusal();
      else setDialog({ kind: 'delete-track', track });
    } catch {
      showTrackNotDeleted();
    } finally {
      setCheckingDelete(null);
    }
  };

  const confirmTrackDeletion = (track: Track) =>
    deleteTrack.mutate(track, {
      onSuccess: () => {
        toast({ title: t('myMusic.trackDeleted'), description: t('myMusic.quoted', { name: track.trackName }) });
        closeDialog();
      },
      onError: (error) => {
        closeDialog();
        // Sold between the check and the click: the server says so.
        if (hasErrorCode(error, 'track.sold')) showSoldRefusal();
        else showTrackNotDeleted();
      },
    });

  const showAlbumSoldRefusal = () =>
    toast({ variant: 'destructive', title: t('myMusic.cannotDeleteAlbum'), description: t('myMusic.albumSold') });

  /**
   * A sold album cannot be deleted (issue 16): the list says which (issue 33), so Delete gives the
   * reason at once instead of asking "will be deleted?" and refusing only after.
   */
  const requestAlbumDeletion = (album: Album) => {
    if (album.sold) showAlbumSoldRefusal();
    else setDialog({ kind: 'delete-album', album });
  };

  const confirmAlbumDeletion = (album: Album) =>
    deleteAlbum.mutate(album, {
      onSuccess: () => {
        toast({ title: t('myMusic.albumDeleted'), description: t('myMusic.quoted', { name: album.albumName }) });
        closeDialog();
      },
      onError: (error) => {
        closeDialog();
        // Issue 16: a sold album stays (its buyers' links keep working); the server says so.
        if (hasErrorCode(error, 'album.sold')) {
          showAlbumSoldRefusal();
        } else {
          toast({ variant: 'destructive', title: t('myMusic.albumNotDeleted'), description: t('myMusic.deleteAlbumFallback') });
        }
      },
    });

  // The dashboard renders sections only for a signed-in user.
  if (!user) return null;

  const openUpload = () => setDialog({ kind: 'upload' });
  const openAlbum = (album?: Album) => setDialog({ kind: 'album', album });

  return (
    <div className="space-y-6">
      {tracks.isSuccess && (
        <OnboardingChecklist
          status={{
            profileComplete: user.displayName.trim() !== '' && user.hasProfilePhoto,
            hasDisplayName: user.displayName.trim() !== '',
            hasPaymentMethod,
            hasTrack: trackList.length > 0,
          }}
          onOpenProfile={onOpenProfile}
          onOpenPayments={onOpenPayments}
          onUploadTrack={openUpload}
        />
      )}

      {takedowns && <TakedownNotice takedowns={takedowns} />}

      <Tabs value={tab} onValueChange={(value) => setTab(value as TabId)} className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="songs" className="px-4">
            {t('myMusic.songs')}
            <Badge variant="secondary" className="tabular-nums" data-testid="songs-count">
              {tracks.isSuccess ? trackList.length : '…'}
            </Badge>
          </TabsTrigger>
          <TabsTrigger value="albums" className="px-4">
            {t('myMusic.albums')}
            <Badge variant="secondary" className="tabular-nums" data-testid="albums-count">
              {albums.isSuccess ? albumList.length : '…'}
            </Badge>
          </TabsTrigger>
        </TabsList>

        <TabsContent value="songs" className="space-y-4">
          <TabHeader
            title={t('myMusic.songs')}
            action={
              <Button onClick={openUpload} onPointerEnter={() => void loadUploadDialog()} onFocus={() => void loadUploadDialog()}>
                <UploadIcon aria-hidden="true" />
                {t('myMusic.uploadTracks')}
              </Button>
            }
          >
            {storage.isSuccess && <StorageUsage used={storage.data.used} />}
          </TabHeader>
          <TabList read={tracks} label={t('myMusic.songs')} loadError={t('myMusic.songsLoadError')} empty={t('myMusic.noTracks')} emptyHint={t('myMusic.noTracksHint')}>
            {(track) => (
              <TrackRow
                key={track.id}
                track={track}
                albumName={track.albumId ? albumNames.get(track.albumId) : undefined}
                saving={savingTrackIds.includes(track.id)}
                checkingDelete={checkingDelete === track.id}
                notOnSale={payoutMethodMissing && track.price > 0}
                takedown={takedownOf(takedowns, { kind: 'track', id: track.id, albumId: track.albumId })}
                onOpenPayments={onOpenPayments}
                onEdit={() => setDialog({ kind: 'edit-track', track })}
                onDelete={() => void requestTrackDeletion(track)}
              />
            )}
          </TabList>
        </TabsContent>

        <TabsContent value="albums" className="space-y-4">
          <TabHeader
            title={t('myMusic.albums')}
            action={
              <Button onClick={() => openAlbum()} onPointerEnter={() => void loadAlbumDialog()} onFocus={() => void loadAlbumDialog()}>
                <PlusIcon aria-hidden="true" />
                {t('myMusic.addAlbum')}
              </Button>
            }
          />
          <TabList read={albums} label={t('myMusic.albums')} loadError={t('myMusic.albumsLoadError')} empty={t('myMusic.noAlbums')} emptyHint={t('myMusic.noAlbumsHint')}>
            {(album) => (
              <AlbumRow
                key={album.id}
                album={album}
                notOnSale={payoutMethodMissing && album.price > 0}
                takedown={takedownOf(takedowns, { kind: 'album', id: album.id })}
                onOpenPayments={onOpenPayments}
                onEdit={() => openAlbum(album)}
                onDelete={() => requestAlbumDeletion(album)}
              />
            )}
          </TabList>
        </TabsContent>
      </Tabs>

      <Suspense fallback={<DialogLoading onClose={closeDialog} />}>
        {dialog?.kind === 'upload' && <UploadTrackDialog open onOpenChange={(open) => !open && closeDialog()} artistName={user.displayName} />}
        {dialog?.kind === 'edit-track' && (
          <EditTrackDialog
            key={dialog.track.id}
            track={dialog.track}
            open
            onOpenChange={(open) => !open && closeDialog()}
            onSave={(variables) => updateTrack.mutate(variables)}
          />
        )}
        {dialog?.kind === 'album' && (
          <AlbumDialog
            key={dialog.album?.id ?? 'new'}
            album={dialog.album}
            tracks={trackList}
            albums={albumList}
            artistName={user.displayName}
            open
            onOpenChange={(open) => !open && closeDialog()}
          />
        )}
      </Suspense>
      {dialog?.kind === 'delete-track' && (
        <DeleteTrackDialog
          track={dialog.track}
          albumName={dialog.track.albumId ? albumNames.get(dialog.track.albumId) : undefined}
          pending={deleteTrack.isPending}
          onConfirm={() => confirmTrackDeletion(dialog.track)}
          onOpenChange={(open) => !open && closeDialog()}
        />
      )}
      {dialog?.kind === 'delete-album' && (
        <DeleteAlbumDialog
          album={dialog.album}
          pending={deleteAlbum.isPending}
          onConfirm={() => confirmAlbumDeletion(dialog.album)}
          onOpenChange={(open) => !open && closeDialog()}
        />
      )}
    </div>
  );
}

function TabHeader({ title, action, children }: { title: string; action: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </div>
      {action}
    </div>
  );
}

/** Spec section 9: storage shown against the 1 GB quota, as the server counts it (audio and covers). */
function StorageUsage({ used }: { used: number }) {
  const { t, language } = useAppI18n();
  const percent = Math.min(100, (used / STORAGE_QUOTA_BYTES) * 100);
  return (
    <div className="grid w-56 max-w-full gap-1" data-testid="storage-usage">
      <p className="text-xs text-muted-foreground">
        {t('myMusic.storageUsed', { used: formatFileSize(used, language) })}
      </p>
      <Progress value={percent} aria-label={t('myMusic.storageLabel')} aria-valuetext={t('myMusic.storageOf', { used: formatFileSize(used, language) })} className="h-1.5" />
    </div>
  );
}

function EmptyState({ text, hint }: { text: string; hint: string }) {
  return (
    <div className="rounded-lg border border-dashed bg-background px-4 py-10 text-center">
      <p className="font-medium">{text}</p>
      <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useAppI18n();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border bg-background px-4 py-8 text-center" role="alert">
      <p className="text-sm">{text}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        {t('myMusic.tryAgain')}
      </Button>
    </div>
  );
}

/** A tab's list: its skeleton, its error with Try again, its empty note, or its rows. */
function TabList<T>({
  read,
  label,
  loadError,
  empty,
  emptyHint,
  children,
}: {
  read: UseQueryResult<T[]>;
  label: string;
  loadError: string;
  empty: string;
  emptyHint: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ListStates
      read={read}
      items={(data) => data}
      loading={<ListSkeleton />}
      failed={<LoadError text={loadError} onRetry={() => void read.refetch()} />}
      empty={<EmptyState text={empty} hint={emptyHint} />}
    >
      {(list) => (
        <ul className="grid grid-cols-1 gap-2" aria-label={label}>
          {list.map(children)}
        </ul>
      )}
    </ListStates>
  );
}

function ListSkeleton() {
  const { t } = useAppI18n();
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label={t('myMusic.loading')}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-[74px] w-full" />
      ))}
    </div>
  );
}
