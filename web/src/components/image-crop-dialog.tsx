import { Component, lazy, Suspense, useRef, type ReactNode } from 'react';
import { DialogShell } from '@/components/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { useAppI18n } from '@/lib/app-i18n';
import type { CropSquare, OutputRule } from '@/lib/crop';
import type { CropResult, ImageCropper as ImageCropperComponent } from './image-cropper';

export type { CropResult };

/**
 * The square crop as a dialog: the covers of My Music and the profile photo use it. The cropper
 * itself is a chunk of its own, fetched when a photo needs it (preloadImageCropper() as soon as
 * one is chosen), so the dashboard does not load it up front and public pages never do.
 */

let cropperModule: Promise<{ ImageCropper: typeof ImageCropperComponent }> | undefined;
const loadCropper = () => {
  cropperModule ??= import('./image-cropper').catch((error: unknown) => {
    cropperModule = undefined; // let a later attempt fetch it again
    throw error;
  });
  return cropperModule;
};

/** Starts fetching the cropper's code (call it when a photo that will need cropping is chosen). */
export function preloadImageCropper() {
  void loadCropper().catch(() => {});
}

const ImageCropper = lazy(() => loadCropper().then((module) => ({ default: module.ImageCropper })));

/** A failed fetch of a lazily loaded module, as Chromium, Firefox and Safari word it. */
const CHUNK_LOAD_FAILURE = /dynamically imported module|importing a module script failed|error loading dynamically/i;

function LoadFailureMessage({ failure }: { failure: 'offline' | 'broken' }) {
  const { t } = useAppI18n();
  return (
    <p role="alert" className="text-sm text-destructive">
      {t(failure === 'offline' ? 'cropper.loadFailedOffline' : 'cropper.loadFailed')}
    </p>
  );
}

/** Without a connection the cropper's code cannot come: say so in the dialog instead of failing the page. */
class LoadFailure extends Component<{ children: ReactNode }, { failure: 'offline' | 'broken' | null }> {
  override state = { failure: null as 'offline' | 'broken' | null };
  static getDerivedStateFromError(error: unknown) {
    return { failure: CHUNK_LOAD_FAILURE.test(String(error)) ? ('offline' as const) : ('broken' as const) };
  }
  override render() {
    if (this.state.failure) {
      return (
        <LoadFailureMessage failure={this.state.failure} />
      );
    }
    return this.props.children;
  }
}

export interface ImageCropDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The photo to crop; nothing shows without one. */
  source: Blob | null;
  title: string;
  description: ReactNode;
  output: OutputRule;
  /** Name of the JPEG made (e.g. cover.jpg). */
  fileName: string;
  shape?: 'square' | 'circle';
  /** The square chosen last time, to adjust it. */
  initialCrop?: CropSquare;
  confirmLabel?: string;
  onCropped: (result: CropResult) => void;
}

export function ImageCropDialog({ open, onOpenChange, source, title, description, onCropped, ...cropper }: ImageCropDialogProps) {
  const { t } = useAppI18n();
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      className="grid-cols-1 sm:max-w-lg"
      contentRef={contentRef}
      // The crop area takes the focus once the photo shows (arrow keys then move it); until
      // then the dialog itself holds it.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        contentRef.current?.focus({ preventScroll: true });
      }}
    >
      {source && (
        <LoadFailure>
          <Suspense
            fallback={
              <div className="mx-auto flex aspect-square w-full max-w-[min(100%,calc(100dvh-27rem))] min-w-40 items-center justify-center rounded-md bg-muted">
                <Spinner label={t('cropper.opening')} />
              </div>
            }
          >
            <ImageCropper
              {...cropper}
              source={source}
              autoFocus
              onCancel={() => onOpenChange(false)}
              onCropped={(result) => {
                onCropped(result);
                onOpenChange(false);
              }}
            />
          </Suspense>
        </LoadFailure>
      )}
    </DialogShell>
  );
}
