import { Children, cloneElement, Fragment, isValidElement, useCallback, type HTMLAttributes, type ReactNode, type Ref, type RefCallback } from 'react';

/*
 * Radix's Slot for `asChild` (Button, Badge), written out (decision 064): its one element child
 * gets the slot's props, merged as Radix merges them (the child's handler runs first, then the
 * slot's; styles and class names combined; the child's other props win), and both refs. Dialogs
 * and menus keep Radix's own; this one keeps Radix's primitives out of the entry chunk.
 */
type AnyProps = Record<string, unknown>;

function mergeProps(slotProps: AnyProps, childProps: AnyProps): AnyProps {
  const overrideProps: AnyProps = { ...childProps };
  for (const propName in childProps) {
    const slotPropValue = slotProps[propName];
    const childPropValue = childProps[propName];
    if (/^on[A-Z]/.test(propName)) {
      if (typeof slotPropValue === 'function' && typeof childPropValue === 'function') {
        overrideProps[propName] = (...args: unknown[]) => {
          const result: unknown = childPropValue(...args);
          slotPropValue(...args);
          return result;
        };
      } else if (slotPropValue) {
        overrideProps[propName] = slotPropValue;
      }
    } else if (propName === 'style') {
      overrideProps[propName] = { ...(slotPropValue as object), ...(childPropValue as object) };
    } else if (propName === 'className') {
      overrideProps[propName] = [slotPropValue, childPropValue].filter(Boolean).join(' ');
    } else if (propName === 'aria-describedby') {
      const ids = new Set([childPropValue, slotPropValue].flatMap((value) => (typeof value === 'string' ? value.trim().split(/\s+/).filter(Boolean) : [])));
      overrideProps[propName] = ids.size > 0 ? [...ids].join(' ') : undefined;
    }
  }
  return { ...slotProps, ...overrideProps };
}

/** Sets each ref to the node, and returns the cleanup that undoes it (React 19 ref callbacks). */
function setRefs<T>(node: T, refs: (Ref<T> | undefined)[]): (() => void) | undefined {
  const cleanups = refs.map((ref) => {
    if (typeof ref === 'function') return ref(node);
    if (ref) ref.current = node;
    return undefined;
  });
  if (!cleanups.some((cleanup) => typeof cleanup === 'function')) return undefined;
  return () => {
    cleanups.forEach((cleanup, index) => {
      const ref = refs[index];
      if (typeof cleanup === 'function') cleanup();
      else if (typeof ref === 'function') ref(null);
      else if (ref) ref.current = null;
    });
  };
}

export function Slot({ children, ref, ...slotProps }: HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> }) {
  const child = Children.count(children) === 1 && isValidElement<AnyProps>(children) ? children : null;
  const childRef = child?.props.ref as Ref<HTMLElement> | undefined;
  const composedRef = useCallback<RefCallback<HTMLElement>>((node) => setRefs(node, [ref, childRef]), [ref, childRef]);
  if (!child) {
    if (children || children === 0) throw new Error('Slot: `asChild` expects a single element child');
    return children;
  }
  const mergedProps = mergeProps(slotProps as AnyProps, child.props);
  if (child.type !== Fragment) mergedProps.ref = ref ? composedRef : childRef;
  // The refs are handed to the child's element, not read: the rule cannot tell from a plain object.
  // eslint-disable-next-line react-hooks/refs
  return cloneElement(child, mergedProps);
}
