import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** The single card every auth screen is built from. */
export function AuthCard({
  icon,
  title,
  description,
  children,
  footer,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('w-full max-w-md gap-5', className)}>
      <CardHeader className={cn(icon && 'justify-items-center text-center')}>
        {icon && (
          <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-accent text-primary [&_svg]:size-6">{icon}</div>
        )}
        <CardTitle as="h1" className="text-2xl">
          {title}
        </CardTitle>
        {description && <CardDescription className="text-base">{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent className="grid gap-4">{children}</CardContent>}
      {footer && <CardFooter className="flex-col items-stretch gap-2">{footer}</CardFooter>}
    </Card>
  );
}
