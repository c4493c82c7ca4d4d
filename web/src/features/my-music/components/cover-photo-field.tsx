import { useId, useRef, useState } from 'react';
import { CropIcon, ImageIcon } from 'lucide-react';
import { COVER_SIZE_PX, looksLikeAcceptedCover } from '#common/schemas/catalog/rules';
import { ImageCropDialog, preloadImageCropper } from '@/components/image-crop-dialog';
import { PhotoFileInput } from '@/components/photo-file-input';
import { Button } from '@/components/ui/button';
import type { CropSquare, OutputRule } from '@/lib/crop';
import { formatImageSize, readImageSize, uprightSize, type ImageSize } from '@/lib/image-size';
import { useObjectUrl } from '@/hooks/use-object-url';
import { isCoverSize } from '../lib/image-size';
import { useAppI18n } from '@/lib/app-i18n';

/** Spec section 5: a cover is exactly 3000x3000 px; the cropper makes a JPEG of that size. */
const COVER_OUTPUT: OutputRule = { exact: COVER_SIZE_PX };
const COVER_PX = `${COVER_SIZE_PX}x${COVER_SIZE_PX}`;

/** A chosen photo that is not a cover as it is, and what became of it. */
interface PhotoToCrop {
  original: File;
  /** As the photo is seen (a phone's portrait photo is 3024x4032); null when it cannot be read. */
  size: ImageSize | null;
  crop?: CropSquare;
  /** The cover cut from it (cover.jpg), once cropped. */
  cropped?: File;
  /** Opened straight in the cropper and not yet given to the form. */
  pending?: boolean;
}

/** Larger than a cover on a side: the crop only loses pixels, so it is the way straight away. */
function largerThanCover(size: ImageSize): boolean {
  return Math.max(size.width, size.height) > COVER_SIZE_PX;
}

/**
 * Optional cover photo: a preview, a button to choose a PNG or JPG, and Remove. On edit the
 * current cover shows until another is chosen (spec section 5: empty keeps the current cover).
 * An exact 3000x3000 PNG or JPG is used as it is. A photo larger than a cover (a phone's
 * 3024x4032) goes straight into the cropper, as a profile photo does: the square chosen becomes a
 * 3000x3000 JPEG, the file the form sends; closing the cropper without one hands the photo to the
 * form after all. The form's rule refuses any other file (a 1080x1080 square, or not an image), a
 * readable photo with its real size and the crop offered.
 */
export function CoverPhotoField({
  id,
  file,
  onFile,
  currentCoverUrl,
  onRemoveCurrent,
  disabled,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
}: {
  /** Given to the file input, so a <label htmlFor> names it (FormControl passes it). */
  id?: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** Edit dialogs: the cover the item has now (null when none or when marked for removal). */
  currentCoverUrl?: string | null;
  onRemoveCurrent?: () => void;
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}) {
  const { t } = useAppI18n();
  const invalid = ariaInvalid === true || ariaInvalid === 'true';
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? currentCoverUrl ?? null;
  const hintId = useId();
  const cropHintId = useId();
  const [photo, setPhoto] = useState<PhotoToCrop | null>(null);
  const [cropping, setCropping] = useState(false);
  const latest = useRef<File | null>(null);

  // What the field holds now came from this photo: as chosen (to crop) or as cropped.
  const current = photo && (photo.pending || (file && (file === photo.original || file === photo.cropped))) ? photo : null;
  const toCrop = current && current.size && !current.pending && file === current.original ? current : null;
  // The photo waiting in the cropper, read in the close handler right after a crop.
  const pending = useRef<PhotoToCrop | null>(null);

  const choose = (chosen: File) => {
    latest.current = chosen;
    pending.current = null;
    // The header says how big the photo really is: a cover as it is, one to crop, or a refusal.
    void readImageSize(chosen).then((header) => {
      if (latest.current !== chosen) return;
      const size = header && uprightSize(header);
      if (size && largerThanCover(size)) {
        preloadImageCropper();
        const waiting = { original: chosen, size, pending: true };
        pending.current = waiting;
        setPhoto(waiting);
        setCropping(true);
        return;
      }
      // The form judges the file (the spec's message when it is not a cover as it is).
      onFile(chosen);
      if (looksLikeAcceptedCover(chosen) && isCoverSize(header)) {
        setPhoto(null);
        return;
      }
      setPhoto({ original: chosen, size });
      if (size) preloadImageCropper();
    });
  };

  const closeCropper = (open: boolean) => {
    setCropping(open);
    const waiting = pending.current;
    if (open || !waiting) return;
    pending.current = null;
    // Closed without a crop: the form gets the photo as chosen, and says why it is not a cover.
    setPhoto({ ...waiting, pending: false });
    onFile(waiting.original);
  };

  const describedByIds = [hintId, toCrop ? cropHintId : null, describedBy].filter(Boolean).join(' ');

  return (
    <div className="flex items-center gap-4">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted text-muted-foreground">
        {shown ? (
          <img src={shown} alt={t('myMusic.coverPreview')} width={80} height={80} decoding="async" className="size-20 object-cover" />
        ) : (
          <ImageIcon className="size-6" aria-hidden="true" />
        )}
      </div>
      <div className="grid min-w-0 gap-2">
        <PhotoFileInput
          ref={inputRef}
          id={id}
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          disabled={disabled}
          aria-describedby={describedByIds}
          aria-invalid={invalid || undefined}
          onFile={(chosen) => {
            if (chosen) choose(chosen);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
            {file || currentCoverUrl ? t('myMusic.changeCover') : t('myMusic.chooseCover')}
          </Button>
          {toCrop ? (
            <Button type="button" size="sm" disabled={disabled} onClick={() => setCropping(true)}>
              <CropIcon aria-hidden="true" />
              {t('myMusic.cropPhoto')}
            </Button>
          ) : (
            current?.cropped && (
              <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => setCropping(true)}>
                <CropIcon aria-hidden="true" />
                {t('myMusic.adjustCrop')}
              </Button>
            )
          )}
          {file ? (
            <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={() => onFile(null)}>
              {t('myMusic.remove')}
            </Button>
          ) : (
            currentCoverUrl &&
            onRemoveCurrent && (
              <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={onRemoveCurrent}>
                {t('myMusic.removeCover')}
              </Button>
            )
          )}
        </div>
        {toCrop?.size && (
          <p id={cropHintId} className="text-sm">
            {t('myMusic.cropHint', { size: formatImageSize(toCrop.size), cover: COVER_PX })}
          </p>
        )}
        <p id={hintId} className="text-xs text-muted-foreground">
          {file ? <span className="break-all">{file.name} · </span> : null}
          {t('myMusic.coverHint', { cover: COVER_PX })}
        </p>
      </div>
      <ImageCropDialog
        open={cropping && current !== null}
        onOpenChange={closeCropper}
        source={current?.original ?? null}
        title={t('myMusic.cropCoverTitle')}
        description={
          current?.size
            ? t('myMusic.cropCoverSized', { size: formatImageSize(current.size), cover: COVER_PX })
            : t('myMusic.cropCover', { cover: COVER_PX })
        }
        output={COVER_OUTPUT}
        fileName="cover.jpg"
        initialCrop={current?.crop}
        confirmLabel={t('myMusic.useAsCover')}
        onCropped={({ file: cropped, crop }) => {
          if (!current) return;
          pending.current = null;
          setPhoto({ ...current, crop, cropped, pending: false });
          latest.current = cropped;
          onFile(cropped);
        }}
      />
    </div>
  );
}
