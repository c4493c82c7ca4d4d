import { useId, useRef } from 'react';
import { ImageIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useObjectUrl } from '../hooks/use-object-url';

/**
 * Optional cover photo: a preview, a button to choose a PNG or JPG, and Remove. On edit the
 * current cover shows until another is chosen (spec section 5: empty keeps the current cover).
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
  const invalid = ariaInvalid === true || ariaInvalid === 'true';
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? currentCoverUrl ?? null;
  const hintId = useId();

  return (
    <div className="flex items-center gap-4">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted text-muted-foreground">
        {shown ? (
          <img src={shown} alt="Cover preview" width={80} height={80} decoding="async" className="size-20 object-cover" />
        ) : (
          <ImageIcon className="size-6" aria-hidden="true" />
        )}
      </div>
      <div className="grid min-w-0 gap-2">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          className="sr-only"
          tabIndex={-1}
          disabled={disabled}
          aria-describedby={describedBy ? `${hintId} ${describedBy}` : hintId}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0] ?? null;
            // The same file may be chosen again after a fix elsewhere: let the input forget it.
            event.currentTarget.value = '';
            if (chosen) onFile(chosen);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
            {file || currentCoverUrl ? 'Change cover photo' : 'Choose cover photo'}
          </Button>
          {file ? (
            <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={() => onFile(null)}>
              Remove
            </Button>
          ) : (
            currentCoverUrl &&
            onRemoveCurrent && (
              <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={onRemoveCurrent}>
                Remove cover
              </Button>
            )
          )}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          {file ? <span className="break-all">{file.name} · </span> : null}
          Optional. PNG or JPG, exactly 3000x3000 px.
        </p>
      </div>
    </div>
  );
}
