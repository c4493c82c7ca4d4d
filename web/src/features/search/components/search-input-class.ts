/** The header's search input, the same before and after its suggestions load (no jump). */
export const SEARCH_INPUT_CLASS =
  'h-9 w-full min-w-0 rounded-md border border-input bg-background pr-3 pl-8 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm';
