import { CheckCircle2Icon, CircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { MY_MUSIC_TEXTS } from './texts';

export interface ChecklistStatus {
  /** (1) The profile has a display name and a photo. */
  profileComplete: boolean;
  /** (2) A payment method exists. */
  hasPaymentMethod: boolean;
  /** (3) At least one track exists. */
  hasTrack: boolean;
}

interface Step {
  done: boolean;
  title: string;
  description: string;
  action: string;
  onAction: () => void;
}

/**
 * Spec section 2: 'Complete these 3 steps to go fully live', shown until all three are done;
 * each step links to its section.
 */
export function OnboardingChecklist({
  status,
  onOpenProfile,
  onOpenPayments,
  onUploadTrack,
}: {
  status: ChecklistStatus;
  onOpenProfile: () => void;
  onOpenPayments: () => void;
  onUploadTrack: () => void;
}) {
  const steps: Step[] = [
    {
      done: status.profileComplete,
      title: 'Complete your profile',
      description: 'Add your display name and a profile photo so fans recognise you.',
      action: 'Go to Profile',
      onAction: onOpenProfile,
    },
    {
      done: status.hasPaymentMethod,
      title: 'Add a payment method',
      description: 'Say where your earnings go: an M-Pesa number or a bank account.',
      action: 'Go to Payments',
      onAction: onOpenPayments,
    },
    {
      done: status.hasTrack,
      title: 'Upload your first track',
      description: 'An MP3 or WAV of up to 50 MB, free or with a price in KES.',
      action: 'Upload a track',
      onAction: onUploadTrack,
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  if (doneCount === steps.length) return null;

  return (
    <Card className="gap-4 border-primary/30" data-testid="onboarding-checklist">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {MY_MUSIC_TEXTS.checklistTitle}
        </CardTitle>
        <CardDescription>
          {doneCount} of {steps.length} done
        </CardDescription>
        <Progress value={(doneCount / steps.length) * 100} aria-label="Steps done" className="mt-1 h-1.5" />
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className={cn('flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3', step.done && 'bg-muted/40')}
              data-done={step.done}
            >
              {step.done ? (
                <CheckCircle2Icon className="size-5 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <CircleIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1 basis-48">
                <p className={cn('text-sm font-medium', step.done && 'text-muted-foreground line-through')}>
                  <span className="sr-only">{`Step ${index + 1}${step.done ? ', done' : ''}: `}</span>
                  {step.title}
                </p>
                <p className="text-xs text-muted-foreground">{step.description}</p>
              </div>
              {!step.done && (
                <Button variant="outline" size="sm" className="ml-auto" onClick={step.onAction}>
                  {step.action}
                </Button>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
