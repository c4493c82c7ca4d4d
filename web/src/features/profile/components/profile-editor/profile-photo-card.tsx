import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CropIcon, ImageUpIcon } from 'lucide-react';
import type { CurrentUser } from '#common/schemas/auth';
import { formatFileSize } from '#common/format';
import { MAX_PROFILE_PHOTO_BYTES, PROFILE_PHOTO_ACCEPT, PROFILE_PHOTO_RECOMMENDED_PX } from '#common/schemas/profile';
import { ImageCropDialog, preloadImageCropper } from '@/components/image-crop-dialog';
import { PhotoFileInput } from '@/components/photo-file-input';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import type { CropSquare, OutputRule } from '@/lib/crop';
import { formatImageSize, readImageSize, uprightSize, type ImageSize } from '@/lib/image-size';
import { isAbortError } from '@/lib/upload';
import { initialsOf } from '@/lib/utils';
import { profilePhotoUrl, showCurrentUser, uploadProfilePhoto } from '../../api/profile-settings';
import { useObjectUrl } from '@/hooks/use-object-url';
import { useAppI18n } from '@/lib/app-i18n';

/** The file input's accept list: JPG and PNG by type and by extension. */
const PHOTO_ACCEPT = Object.entries(PROFILE_PHOTO_ACCEPT)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

/** By type, or by name when the phone gives no type; the server checks the content either way. */
function isAcceptedPhoto(file: File): boolean {
  if (file.type) return file.type in PROFILE_PHOTO_ACCEPT;
  const name = file.name.toLowerCase();
  return Object.values(PROFILE_PHOTO_ACCEPT).some((extensions) => extensions.some((extension) => name.endsWith(extension)));
}

/**
 * What the cropper makes of a photo: a square JPEG of the chosen part's own size, at least the
 * recommended 400x400 (spec section 9) and at most 800x800. The server keeps 96 to 400 px squares
 * of it; 800 leaves room for sharper screens and is about 100 KB on mobile data.
 */
const PHOTO_OUTPUT: OutputRule = { min: PROFILE_PHOTO_RECOMMENDED_PX, max: 2 * PROFILE_PHOTO_RECOMMENDED_PX };

/** A chosen photo that goes through the cropper, and the square made from it. */
interface PhotoToCrop {
  original: File;
  size: ImageSize;
  crop?: CropSquare;
}

/**
 * The profile photo (spec sections 2 and 9: JPG or PNG, 400x400 px recommended): the current
 * photo or the initials, a chosen photo previewed as fans will see it (in a circle) before it is
 * sent, and the upload's progress. A photo that is not square, or heavier than the server takes,
 * opens the square cropper first (the same one as covers): the artist chooses the part fans see,
 * and a light JPEG goes up instead of the whole photo. A square photo goes as it is.
 */
export function ProfilePhotoCard({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const { t, language } = useAppI18n();
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [photo, setPhoto] = useState<PhotoToCrop | null>(null);
  const [cropping, setCropping] = useState(false);
  const latest = useRef<File | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const preview = useObjectUrl(file);
  const current = profilePhotoUrl(user, 300);
  const shown = preview ?? current;
  const uploading = percent !== null;

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    latest.current = chosen;
    if (!isAcceptedPhoto(chosen)) {
      setFile(null);
      setProblem(t('profileEditor.photoWrongType'));
      return;
    }
    setProblem(null);
    void readImageSize(chosen).then((header) => {
      if (latest.current !== chosen) return;
      const size = header && uprightSize(header);
      const usable = chosen.size <= MAX_PROFILE_PHOTO_BYTES && (!size || size.width === size.height);
      if (usable || !size) {
        // Square (or unreadable here: the server judges it), as it is; too heavy and unreadable is refused.
        setPhoto(null);
        if (usable) setFile(chosen);
        else {
          setFile(null);
          setProblem(t('profileEditor.photoTooLarge'));
        }
        return;
      }
      preloadImageCropper();
      setPhoto({ original: chosen, size });
      setCropping(true);
    });
  };

  const save = async () => {
    if (!file) return;
    const abort = new AbortController();
    controller.current = abort;
    setPercent(0);
    try {
      const updated = await uploadProfilePhoto(file, { signal: abort.signal, onProgress: (progress) => setPercent(progress.percent) });
      showCurrentUser(queryClient, updated);
      setFile(null);
      setPhoto(null);
      toast({ title: t('profileEditor.photoUpdated') });
    } catch (error) {
      if (isAbortError(error)) return;
      const reason = messageOf(error, '', t('profileEditor.networkError'));
      toast({ variant: 'destructive', title: t('profileEditor.photoFailed'), description: reason || undefined });
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setPercent(null);
      }
    }
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {t('profileEditor.photo')}
        </CardTitle>
        <CardDescription id={hintId}>{t('profileEditor.photoRecommendation', { size: PROFILE_PHOTO_RECOMMENDED_PX })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
        <Avatar className="size-28 shrink-0 border sm:size-32">
          {shown && <AvatarImage src={shown} alt={preview ? t('profileEditor.photoPreview') : t('profileEditor.photoOf', { name: user.displayName })} className="object-cover" />}
          <AvatarFallback className="bg-gradient-to-br from-primary/25 to-accent text-3xl text-foreground/80">{initialsOf(user.displayName)}</AvatarFallback>
        </Avatar>
        <div className="grid w-full min-w-0 gap-3 text-center sm:text-left">
          <PhotoFileInput
            ref={inputRef}
            accept={PHOTO_ACCEPT}
            aria-label={t('profileEditor.photoFile')}
            aria-describedby={hintId}
            disabled={uploading}
            onFile={choose}
          />
          {file ? (
            <>
              <p className="text-sm break-all">
                <span className="font-medium">{file.name}</span> <span className="text-muted-foreground">· {formatFileSize(file.size, language)}</span>
              </p>
              {uploading ? (
                <div className="grid gap-1.5">
                  <Progress value={percent} aria-label={t('myMusic.uploadProgress')} aria-valuetext={`${percent}%`} />
                  <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
                    {percent >= 100 ? t('profileEditor.preparing') : t('profileEditor.uploadingPercent', { percent })}
                  </p>
                </div>
              ) : (
                <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
                  <Button type="button" onClick={save}>
                    {t('profileEditor.savePhoto')}
                  </Button>
                  {photo && (
                    <Button type="button" variant="outline" onClick={() => setCropping(true)}>
                      <CropIcon aria-hidden="true" />
                      {t('myMusic.adjustCrop')}
                    </Button>
                  )}
                  <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
                    {t('profileEditor.chooseAnother')}
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    onClick={() => {
                      setFile(null);
                      setPhoto(null);
                    }}
                  >
                    {t('profileEditor.cancel')}
                  </Button>
                </div>
              )}
            </>
          ) : (
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
                <ImageUpIcon aria-hidden="true" />
                {user.hasProfilePhoto ? t('profileEditor.changePhoto') : t('profileEditor.uploadPhoto')}
              </Button>
            </div>
          )}
          {problem && (
            <p className="text-sm text-destructive" role="alert">
              {problem}
            </p>
          )}
        </div>
        <ImageCropDialog
          open={cropping && photo !== null}
          onOpenChange={setCropping}
          source={photo?.original ?? null}
          title={t('profileEditor.cropTitle')}
          description={
            photo ? t('profileEditor.cropDescription', { size: formatImageSize(photo.size) }) : ''
          }
          output={PHOTO_OUTPUT}
          fileName="profile-photo.jpg"
          shape="circle"
          initialCrop={photo?.crop}
          onCropped={({ file: cropped, crop }) => {
            if (!photo) return;
            setPhoto({ ...photo, crop });
            latest.current = cropped;
            setFile(cropped);
          }}
        />
      </CardContent>
    </Card>
  );
}
