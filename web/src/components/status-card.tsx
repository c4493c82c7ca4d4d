import type * as React from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useI18n } from '@/lib/i18n';

/** A centred card with a heading, a line of text and a way onward: not-found and error states. */
export function StatusCard({
  icon,
  title,
  description,
  action: givenAction,
  className,
}: {
  icon?: React.ReactNode;
  title: string;
  description: React.ReactNode;
  /** The way onward; by default Home ('Go to Home'). */
  action?: { label: string; href: string } | null;
  className?: string;
}) {
  const { t } = useI18n();
  const action = givenAction === undefined ? { label: t('common.goHome'), href: '/' } : givenAction;
  return (
    <div className={cn('flex w-full justify-center px-4 py-16 sm:py-24', className)}>
      <Card className="w-full max-w-md text-center">
        <CardHeader className="justify-items-center gap-3">
          {icon && <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">{icon}</div>}
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription className="text-base">{description}</CardDescription>
        </CardHeader>
        {action && (
          <CardContent>
            <Button asChild>
              <Link href={action.href}>{action.label}</Link>
            </Button>
          </CardContent>
        )}
      </Card>
    </div>
  );
}
