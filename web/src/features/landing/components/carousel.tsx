import { useId, useRef, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn, scrollBehavior } from '@/lib/utils';
import { useI18n } from '@/lib/i18n';
import { useScrollEdges } from '../hooks/use-scroll-edges';

/** Spec section 9: each arrow click scrolls 280 px; 5 placeholder cards while loading. */
export const CAROUSEL_SCROLL_STEP_PX = 280;
export const CAROUSEL_PLACEHOLDER_COUNT = 5;

export type CarouselState<T> =
  | { status: 'pending' }
  | { status: 'error'; message: string }
  | { status: 'success'; items: T[]; emptyMessage: string };

interface CarouselProps<T> {
  title: string;
  description?: string;
  state: CarouselState<T>;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  renderPlaceholder: () => ReactNode;
}

/** A titled, horizontally scrolling row of cards with arrows that fade in when there is more to see. */
export function Carousel<T>({ title, description, state, getKey, renderItem, renderPlaceholder }: CarouselProps<T>) {
  const headingId = useId();
  const { t } = useI18n();
  const scrollerRef = useRef<HTMLUListElement>(null);
  const itemCount = state.status === 'success' ? state.items.length : state.status === 'pending' ? -1 : 0;
  const { canScrollLeft, canScrollRight } = useScrollEdges(scrollerRef, itemCount);

  const scrollBy = (direction: -1 | 1) => {
    scrollerRef.current?.scrollBy({ left: direction * CAROUSEL_SCROLL_STEP_PX, behavior: scrollBehavior() });
  };

  let body: ReactNode;
  if (state.status === 'error' || (state.status === 'success' && state.items.length === 0)) {
    body = (
      <p className="rounded-lg border border-dashed bg-muted/30 px-4 py-10 text-center text-sm text-muted-foreground">
        {state.status === 'error' ? state.message : state.emptyMessage}
      </p>
    );
  } else {
    const pending = state.status === 'pending';
    body = (
      <div className="group/carousel relative">
        <ul
          ref={scrollerRef}
          aria-labelledby={headingId}
          aria-busy={pending || undefined}
          className="scrollbar-none -mx-4 flex gap-4 overflow-x-auto scroll-smooth px-4 pb-2 sm:mx-0 sm:px-0"
        >
          {pending
            ? Array.from({ length: CAROUSEL_PLACEHOLDER_COUNT }, (_, index) => (
                <li key={index} className="shrink-0" data-testid="carousel-placeholder" aria-hidden="true">
                  {renderPlaceholder()}
                </li>
              ))
            : state.items.map((item) => (
                <li key={getKey(item)} className="shrink-0">
                  {renderItem(item)}
                </li>
              ))}
        </ul>
        {pending && <span className="sr-only">{t('carousel.loading', { title })}</span>}
        <ArrowButton direction="left" visible={canScrollLeft} label={t('carousel.scrollLeft', { title })} onClick={() => scrollBy(-1)} />
        <ArrowButton direction="right" visible={canScrollRight} label={t('carousel.scrollRight', { title })} onClick={() => scrollBy(1)} />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold tracking-tight sm:text-2xl">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {body}
    </section>
  );
}

function ArrowButton({
  direction,
  visible,
  label,
  onClick,
}: {
  direction: 'left' | 'right';
  visible: boolean;
  label: string;
  onClick: () => void;
}) {
  const Icon = direction === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={label}
      aria-hidden={!visible}
      tabIndex={visible ? 0 : -1}
      disabled={!visible}
      onClick={onClick}
      data-visible={visible}
      className={cn(
        'absolute top-[38%] z-10 hidden -translate-y-1/2 rounded-full bg-background/95 shadow-md transition-opacity duration-300 sm:inline-flex',
        'data-[visible=false]:pointer-events-none data-[visible=false]:opacity-0 data-[visible=true]:opacity-100',
        direction === 'left' ? '-left-4' : '-right-4',
      )}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
