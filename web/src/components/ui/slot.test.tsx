import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Avatar, AvatarFallback, AvatarImage } from './avatar';
import { Button } from './button';
import { Slot } from './slot';

describe('Slot, as Radix merges (decision 064)', () => {
  it('gives its one child the slot props: handlers child first, classes and styles combined, the child winning the rest', () => {
    const calls: string[] = [];
    render(
      <Slot className="slot" style={{ color: 'red', margin: 1 }} title="slot" onClick={() => calls.push('slot')} aria-describedby="a b">
        <a href="/x" className="child" style={{ margin: 2 }} title="child" onClick={() => calls.push('child')} aria-describedby="b c">
          Link
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Link' });
    expect(link.className).toBe('slot child');
    expect(link.getAttribute('style')).toBe('color: red; margin: 2px;');
    expect(link.title).toBe('child');
    expect(link.getAttribute('aria-describedby')).toBe('b c a');
    fireEvent.click(link);
    expect(calls).toEqual(['child', 'slot']);
  });

  it('sets both refs', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Slot ref={slotRef}>
        <a href="/x" ref={childRef}>
          Link
        </a>
      </Slot>,
    );
    expect(slotRef.current).toBe(screen.getByRole('link'));
    expect(childRef.current).toBe(screen.getByRole('link'));
  });

  it('makes a Button with asChild its link, with the button look', () => {
    render(
      <Button asChild size="sm" className="hidden sm:inline-flex">
        <a href="/for-artists">For artists</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'For artists' });
    expect(link.dataset.slot).toBe('button');
    expect(link.className).toContain('hidden sm:inline-flex');
    expect(link.className.split(' ')).not.toContain('inline-flex');
    expect(link).not.toHaveAttribute('type');
  });
});

describe('Avatar, as Radix shows it (decision 064)', () => {
  it('renders the fallback alone on the server', () => {
    const html = renderToString(
      <Avatar className="size-28">
        <AvatarImage src="/photo.jpg" alt="" />
        <AvatarFallback>ZW</AvatarFallback>
      </Avatar>,
    );
    expect(html).toBe(
      '<span data-slot="avatar" class="relative flex shrink-0 overflow-hidden rounded-full size-28"><span data-slot="avatar-fallback" class="flex size-full items-center justify-center rounded-full bg-muted text-xs font-medium">ZW</span></span>',
    );
  });

  it('shows the image once it has loaded, in place of the fallback', async () => {
    const images: HTMLImageElement[] = [];
    const RealImage = window.Image;
    vi.stubGlobal('Image', function Image() {
      const image = new RealImage();
      images.push(image);
      return image;
    });
    try {
      const { container } = render(
        <Avatar>
          <AvatarImage src="/photo.jpg" alt="Zoë" />
          <AvatarFallback>ZW</AvatarFallback>
        </Avatar>,
      );
      expect(screen.getByText('ZW')).toBeInTheDocument();
      expect(container.querySelector('img')).toBeNull();
      const image = images[0]!;
      Object.defineProperty(image, 'complete', { value: true });
      Object.defineProperty(image, 'naturalWidth', { value: 96 });
      fireEvent.load(image);
      expect(await screen.findByRole('img', { name: 'Zoë' })).toHaveAttribute('src', '/photo.jpg');
      expect(screen.queryByText('ZW')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
