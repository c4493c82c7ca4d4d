import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A plain statement of what a section will hold, until the issue that builds it lands. */
export function SectionPlaceholder({
  icon: Icon,
  title,
  description,
  upcoming,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  upcoming: string[];
  children?: ReactNode;
}) {
  return (
    <Card data-testid="section-placeholder">
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="grid gap-1">
            <CardTitle as="h2" className="text-lg">
              {title}
            </CardTitle>
            <Badge variant="secondary">Coming soon</Badge>
          </div>
        </div>
        <CardDescription className="pt-2 text-base">{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {children}
        <div>
          <p className="text-sm font-medium">Still to come here:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {upcoming.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
