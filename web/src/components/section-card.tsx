import type { ReactNode, Ref } from 'react';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A dashboard section's card: an h2 title, its description (if any), an optional action at the header's
 * end, and the content. The dashboard's cards (analytics, sales, payments, payouts, profile) all
 * take this shape, so their headings keep one level and one look.
 *
 * `headingRef` makes the heading focusable from script (tabIndex -1, no outline): where a section
 * sends the focus when the button that had it goes away.
 */
export function SectionCard({
  title,
  description,
  action,
  headingRef,
  className = 'gap-4',
  contentClassName,
  children,
  'data-testid': testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const focusable = headingRef !== undefined;
  return (
    <Card className={className} data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2" className={focusable ? 'text-lg outline-none' : 'text-lg'} ref={headingRef} tabIndex={focusable ? -1 : undefined}>
          {title}
        </CardTitle>
        {description !== undefined && <CardDescription>{description}</CardDescription>}
        {action && <CardAction>{action}</CardAction>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
