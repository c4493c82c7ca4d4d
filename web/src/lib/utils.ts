import { clsx, type ClassValue } from 'clsx';
import { CLASS_MERGE_TABLE } from './class-merge-table';

let mergeTable: Map<string, number[]> | undefined;

/**
 * tailwind-merge's twMerge for the classes web/src writes, from a table made by
 * scripts/class-merge-table.mjs (docs/decisions/064): its rules are 8 KB of gzip on every public
 * page, the table a third of that. As twMerge does, from the last class to the first, a class is
 * dropped when a later one kept overrides it; classes the table does not list are kept.
 */
export function mergeClasses(classList: string): string {
  mergeTable ??= new Map(
    CLASS_MERGE_TABLE.split('\n').map((line) => {
      const [className = '', ...ids] = line.split(' ');
      return [className, ids.map(Number)];
    }),
  );
  const overridden = new Set<number>();
  const classNames = classList.trim().split(/\s+/);
  let result = '';
  for (let index = classNames.length - 1; index >= 0; index -= 1) {
    const className = classNames[index] ?? '';
    const ids = mergeTable.get(className);
    if (ids) {
      if (overridden.has(ids[0] ?? -1)) continue;
      for (const id of ids) overridden.add(id);
    }
    result = result.length > 0 ? `${className} ${result}` : className;
  }
  return result;
}

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
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
