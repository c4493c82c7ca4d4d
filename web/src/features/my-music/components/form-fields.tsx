import type * as React from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldItem, TextField } from '@/components/text-field';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { GENRES, MAX_TAGS } from '#common/genres';
import { PREVIEW_SECONDS } from '#common/schemas/catalog/rules';
import { CoverPhotoField } from './cover-photo-field';
import { useAppI18n } from '@/lib/app-i18n';
import { genreDisplayName } from '@/lib/genre-name';

/**
 * A price typed in KES ("1500", "1,500", "KSh 1,500/-"; spec section 9: step 0.01); empty means free. A text
 * box with the decimal keypad, not type="number": a number box hands over "" for anything it cannot
 * read ("KES 100", "12,50"), which would silently make the track free. priceSchema judges the text.
 */
export function PriceInput(props: Omit<React.ComponentProps<'input'>, 'type'>) {
  return <Input type="text" inputMode="decimal" autoComplete="off" placeholder="0.00" {...props} />;
}

/** Full playback (the default) or the 25-second preview (spec section 4, Preview mode). */
export function PlaybackModeSwitch({
  id,
  checked,
  onCheckedChange,
  disabled,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useAppI18n();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('myMusic.allowFullPlayback')}
        </label>
        <p className="text-xs text-muted-foreground" id={`${id}-hint`}>
          {checked ? t('myMusic.fullPlaybackOn') : t('myMusic.fullPlaybackOff', { seconds: PREVIEW_SECONDS })}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} aria-describedby={`${id}-hint`} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The dialogs' form fields, written once. Each reads its form from the <Form> around it and
// goes by the field name the catalogue forms share (trackName, artistName, price, ...). The
// audio file field is in audio-file-field.tsx, so the dialogs without one load no dropzone.
// ---------------------------------------------------------------------------------------------

/** The fields of the track and album forms (each form has some of them). */
export interface CatalogFormValues {
  trackName?: string;
  artistName?: string;
  albumName?: string;
  price?: string | number | null;
  payMore?: boolean;
  suggestedPrice?: string | number | null;
  allowFullPlayback?: boolean;
  genre?: string | null;
  tags?: string | string[] | null;
  audioFile?: unknown;
  coverPhoto?: unknown;
}

export const useCatalogForm = () => useFormContext<CatalogFormValues>();

/** A one-line name: the track's, the artist's or the album's. */
export function NameField({
  name,
  label,
  disabled,
}: {
  name: 'trackName' | 'artistName' | 'albumName';
  label: string;
  disabled?: boolean;
}) {
  return <TextField name={name} label={label} autoComplete="off" disabled={disabled} />;
}

/** Track name and artist name side by side (one column on phones). */
export function TrackAndArtistFields({ disabled }: { disabled?: boolean }) {
  const { t } = useAppI18n();
  return (
    <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
      <NameField name="trackName" label={t('myMusic.trackName')} disabled={disabled} />
      <NameField name="artistName" label={t('myMusic.artistName')} disabled={disabled} />
    </div>
  );
}

/**
 * Issue 17: the genre (a list that fits Kenya; none is allowed) and up to 5 tags, side by side.
 * `albumDefault`: a new song of an album, whose empty genre and tags are the album's (issue 33).
 */
export function GenreAndTagsFields({ disabled, albumDefault = false }: { disabled?: boolean; albumDefault?: boolean }) {
  const { t } = useAppI18n();
  return (
    <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
      <FieldItem
        name="genre"
        label={t('myMusic.genre')}
        description={albumDefault ? t('myMusic.songGenreHint') : undefined}
        render={(field) => (
          <select
            className="h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 md:text-sm"
            disabled={disabled}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
          >
            <option value="">{albumDefault ? t('myMusic.albumsGenre') : t('myMusic.noGenre')}</option>
            {GENRES.map((genre) => (
              <option key={genre.slug} value={genre.slug}>
                {genreDisplayName(genre.slug, t)}
              </option>
            ))}
          </select>
        )}
      />
      <FieldItem
        name="tags"
        label={t('myMusic.tags')}
        description={albumDefault ? t('myMusic.songTagsHint', { max: MAX_TAGS }) : t('myMusic.tagsHint', { max: MAX_TAGS })}
        render={(field) => (
          <Input
            autoComplete="off"
            placeholder={t('myMusic.tagsPlaceholder')}
            disabled={disabled}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={Array.isArray(field.value) ? field.value.join(', ') : (field.value ?? '')}
            onChange={(event) => field.onChange(event.target.value)}
          />
        )}
      />
    </div>
  );
}

/** Price (KES): empty is free. */
export function PriceField({ disabled }: { disabled?: boolean }) {
  const { t } = useAppI18n();
  return <KesField name="price" label={t('myMusic.price')} description={t('myMusic.priceHint')} disabled={disabled} />;
}

/** An amount in KES (the price, the suggested price); empty is none. */
function KesField({ name, label, description, disabled }: { name: 'price' | 'suggestedPrice'; label: string; description: string; disabled?: boolean }) {
  return <FieldItem name={name} label={label} description={description} render={(field) => <PriceInput disabled={disabled} {...field} value={field.value ?? ''} />} />;
}

/**
 * Issue 21: let fans pay more than the price (a free item becomes 'Name your price'), and the
 * amount the purchase dialog suggests. `id` names the switch for its label.
 */
export function PayMoreField({ id, disabled }: { id: string; disabled?: boolean }) {
  const { t } = useAppI18n();
  const { control, watch } = useCatalogForm();
  const payMore = watch('payMore') ?? false;
  return (
    <div className="grid gap-3 rounded-lg border p-3">
      <FormField
        control={control}
        name="payMore"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <label htmlFor={id} className="text-sm font-medium">
                {t('myMusic.payMore')}
              </label>
              <p className="text-xs text-muted-foreground" id={`${id}-hint`}>
                {t('myMusic.payMoreHint')}
              </p>
            </div>
            <Switch id={id} checked={field.value ?? false} onCheckedChange={field.onChange} disabled={disabled} aria-describedby={`${id}-hint`} />
          </div>
        )}
      />
      {payMore && <KesField name="suggestedPrice" label={t('myMusic.suggestedPrice')} description={t('myMusic.suggestedPriceHint')} disabled={disabled} />}
    </div>
  );
}

/** Allow full playback, on by default. `id` names the switch for its label. */
export function PlaybackModeField({ id, disabled }: { id: string; disabled?: boolean }) {
  const { control } = useCatalogForm();
  return (
    <FormField
      control={control}
      name="allowFullPlayback"
      render={({ field }) => (
        <PlaybackModeSwitch id={id} checked={field.value ?? true} onCheckedChange={field.onChange} disabled={disabled} />
      )}
    />
  );
}

/** The optional cover photo. Edit dialogs pass the current cover and how to remove it. */
export function CoverPhotoFormField({
  currentCoverUrl,
  onRemoveCurrent,
  disabled,
}: {
  currentCoverUrl?: string | null;
  onRemoveCurrent?: () => void;
  disabled?: boolean;
}) {
  const { t } = useAppI18n();
  const form = useCatalogForm();
  return (
    <FieldItem
      name="coverPhoto"
      label={t('myMusic.coverPhoto')}
      render={(field) => (
        <CoverPhotoField
          file={field.value instanceof File ? field.value : null}
          currentCoverUrl={currentCoverUrl}
          onRemoveCurrent={onRemoveCurrent}
          disabled={disabled}
          onFile={(file) => {
            field.onChange(file);
            void form.trigger('coverPhoto');
          }}
        />
      )}
    />
  );
}
