import { createContext, useContext, useLayoutEffect, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/*
 * Radix's Avatar, written out (decision 064): the same elements and the same rules, without its
 * primitives in the entry chunk of every public page. The image shows once it has loaded; the
 * fallback (initials) until then, and on the server, which never loads it.
 */
type ImageLoadingStatus = 'idle' | 'loading' | 'loaded' | 'error';

const AvatarContext = createContext<{ status: ImageLoadingStatus; setStatus: (status: ImageLoadingStatus) => void } | null>(null);

function useAvatarContext() {
  const context = useContext(AvatarContext);
  if (!context) throw new Error('AvatarImage and AvatarFallback belong inside <Avatar>');
  return context;
}

const statusOf = (image: HTMLImageElement): ImageLoadingStatus => (image.complete ? (image.naturalWidth > 0 ? 'loaded' : 'error') : 'loading');

export function Avatar({ className, ...props }: ComponentProps<'span'>) {
  const [status, setStatus] = useState<ImageLoadingStatus>('idle');
  return (
    <AvatarContext.Provider value={{ status, setStatus }}>
      <span data-slot="avatar" className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)} {...props} />
    </AvatarContext.Provider>
  );
}

export function AvatarImage({ className, src, referrerPolicy, crossOrigin, ...props }: ComponentProps<'img'>) {
  const { status, setStatus } = useAvatarContext();
  // Loaded apart from the page, as Radix does, so the <img> appears only once it can paint.
  useLayoutEffect(() => {
    if (!src) {
      setStatus('error');
      return;
    }
    const image = new window.Image();
    const onLoad = () => setStatus(statusOf(image));
    const onError = () => setStatus('error');
    image.addEventListener('load', onLoad);
    image.addEventListener('error', onError);
    if (referrerPolicy) image.referrerPolicy = referrerPolicy;
    image.crossOrigin = crossOrigin ?? null;
    image.src = src;
    setStatus(statusOf(image));
    return () => {
      image.removeEventListener('load', onLoad);
      image.removeEventListener('error', onError);
      setStatus('idle');
    };
  }, [src, crossOrigin, referrerPolicy, setStatus]);
  if (status !== 'loaded') return null;
  return (
    <img
      data-slot="avatar-image"
      className={cn('aspect-square size-full object-cover', className)}
      src={src}
      referrerPolicy={referrerPolicy}
      crossOrigin={crossOrigin}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<'span'>) {
  const { status } = useAvatarContext();
  if (status === 'loaded') return null;
  return <span data-slot="avatar-fallback" className={cn('flex size-full items-center justify-center rounded-full bg-muted text-xs font-medium', className)} {...props} />;
}
