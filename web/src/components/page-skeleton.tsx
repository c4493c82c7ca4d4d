import { Skeleton } from '@/components/ui/skeleton';

/**
 * A page while it loads: grey bars at the sizes of what will come (`bars`, one class list a bar),
 * and `label` said to screen readers. The library and the receipt draw theirs with it.
 */
export function PageSkeleton({ label, className, bars }: { label: string; className: string; bars: readonly string[] }) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {bars.map((bar, index) => (
        <Skeleton key={index} className={bar} />
      ))}
    </div>
  );
}
