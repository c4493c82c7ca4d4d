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
