import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { PREVIEW_SECONDS } from '#common/schemas/catalog';

/**
 * A price typed in KES, two decimals at most (spec section 9: step 0.01); empty means free. A text
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
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Allow full playback
        </label>
        <p className="text-xs text-muted-foreground" id={`${id}-hint`}>
          {checked ? 'Listeners can play the whole track.' : `Listeners hear a ${PREVIEW_SECONDS}-second preview.`}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} aria-describedby={`${id}-hint`} />
    </div>
  );
}
