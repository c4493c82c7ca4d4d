/*
 * Promises React's `use()` can read at once once they are settled (their `status` and `value`,
 * the fields React itself reads), for values loaded once and kept: the catalogues of
 * lib/app-i18n.tsx and lib/marketing-i18n.tsx.
 *
 * Why a component must then call `use()` on every render with the same promise, never only when
 * the value is missing from a cache: a component that suspends in `use()` is replayed with the
 * hooks of its first attempt once the promise settles; a replay that skips `use()` (the value is
 * cached by then) no longer lines its hooks up, React throws (error 467) and recovers by rendering
 * the whole root again, logging error 520 (issue 33). And a replay given another promise than the
 * first attempt's is "an uncached promise" to React.
 */
type Readable<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/** A promise of a value already at hand, settled for `use()` from the start. */
export function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

/** `promise`'s value, marked settled on the returned promise as soon as it arrives. */
export function settling<T>(promise: Promise<T>): Promise<T> {
  const readable: Readable<T> = promise.then((value) => {
    Object.assign(readable, { status: 'fulfilled' as const, value });
    return value;
  });
  return readable;
}
