import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Up to two initials of a display name, for avatars without a photo: "Zoë Wanjiru" -> "ZW". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words.at(-1) : undefined;
  const letters = last === undefined ? Array.from(first).slice(0, 2) : [Array.from(first)[0], Array.from(last)[0]];
  return letters.join('').toUpperCase();
}

/**
 * How a script should scroll: 'smooth' unless the person asked their system to reduce motion
 * (decision 057). A script's explicit `behavior: 'smooth'` outvotes the stylesheet's
 * `scroll-behavior: auto`, so the script must ask too.
 */
export function scrollBehavior(): ScrollBehavior {
  const reduce = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? 'auto' : 'smooth';
}
