import type { ComponentProps } from 'react';

/**
 * The file input behind a photo's 'Choose' button (a cover, the profile photo): out of sight and
 * out of the tab order (the visible button opens it with `click()`), named and described by its
 * attributes for screen readers. It forgets each file once handed over, so the same one may be
 * chosen again after a fix elsewhere.
 */
export function PhotoFileInput({
  onFile,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'className' | 'tabIndex' | 'onChange'> & { onFile: (file: File | null) => void }) {
  return (
    <input
      type="file"
      className="sr-only"
      tabIndex={-1}
      {...props}
      onChange={(event) => {
        const chosen = event.currentTarget.files?.[0] ?? null;
        event.currentTarget.value = '';
        onFile(chosen);
      }}
    />
  );
}
