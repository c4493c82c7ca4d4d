import { useEffect, useMemo } from 'react';

/** A blob: URL for a chosen file (a cover or photo preview), revoked when the file changes or the component goes. */
export function useObjectUrl(file: Blob | null | undefined): string | null {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
