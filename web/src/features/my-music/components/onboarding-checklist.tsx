import { useId, useState } from 'react';
import { CheckCircle2Icon, ChevronDownIcon, CircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { useAppI18n } from '@/lib/app-i18n';

export interface ChecklistStatus {
  /** (1) The profile has a display name and a photo. */
  profileComplete: boolean;
  /** Half of step 1, usually given at sign-up: said as done while the photo is missing. */
  hasDisplayName: boolean;
  /** (2) A payment method exists. */
  hasPaymentMethod: boolean;
  /** (3) At least one track exists. */
  hasTrack: boolean;
}

/** The artist's own choice to fold or unfold the checklist, kept in this browser. */
const EXPANDED_KEY = 'sauti.onboarding-checklist.expanded';

function storedExpanded(): boolean | undefined {
  try {
    const value = window.localStorage.getItem(EXPANDED_KEY);
    return value === null ? undefined : value === 'true';
  } catch {
    return undefined;
  }
}

function storeExpanded(expanded: boolean) {
  try {
    window.localStorage.setItem(EXPANDED_KEY, String(expanded));
  } catch {
    // Private mode or storage full: the choice holds until the page is left.
  }
}

interface Step {
  done: boolean;
  title: string;
  description: string;
  /** Part of the step already done, said so (a display name given at sign-up). */
  partDone?: string;
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
  const { t } = useAppI18n();
  const steps: Step[] = [
    {
      done: status.profileComplete,
      title: t('myMusic.step.profile'),
      description: status.hasDisplayName ? t('myMusic.step.profilePhoto') : t('myMusic.step.profileNameAndPhoto'),
      partDone: status.hasDisplayName ? t('myMusic.step.displayNameAdded') : undefined,
      action: t('myMusic.goToProfile'),
      onAction: onOpenProfile,
    },
    {
      done: status.hasPaymentMethod,
      title: t('myMusic.step.payment'),
      description: t('myMusic.step.paymentText'),
      action: t('myMusic.goToPayments'),
      onAction: onOpenPayments,
    },
    {
      done: status.hasTrack,
      title: t('myMusic.step.upload'),
      description: t('myMusic.step.uploadText'),
      action: t('myMusic.step.uploadAction'),
      onAction: onUploadTrack,
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  // Folded by default once the artist has songs, so that a phone's first screen shows them.
  const [expanded, setExpanded] = useState(() => storedExpanded() ?? !status.hasTrack);
  const stepsId = useId();
  if (doneCount === steps.length) return null;

  const toggle = () => {
    setExpanded(!expanded);
    storeExpanded(!expanded);
  };

  return (
    <Card className="gap-3 border-primary/30 py-3 sm:py-4" data-testid="onboarding-checklist">
      <CardHeader className="gap-2 px-3 sm:px-4">
        {/* The count goes under the title when both do not fit (a phone, Kiswahili): the title keeps the width. */}
        <div className="flex flex-wrap items-center gap-x-2">
          <CardTitle as="h2" className="min-w-0 flex-1 basis-64 text-base leading-snug">
            <button
              type="button"
              className="flex min-h-10 w-full items-center gap-2 rounded-md text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-expanded={expanded}
              aria-controls={stepsId}
              onClick={toggle}
            >
              <ChevronDownIcon className={cn('size-4 shrink-0 transition-transform', !expanded && '-rotate-90')} aria-hidden="true" />
              {t('myMusic.checklistTitle')}
            </button>
          </CardTitle>
          <span className="ms-auto shrink-0 text-sm text-muted-foreground tabular-nums">
            {t('myMusic.stepsDone', { done: doneCount, total: steps.length })}
          </span>
        </div>
        <Progress value={(doneCount / steps.length) * 100} aria-label={t('myMusic.stepsDoneLabel')} className="h-1.5" />
      </CardHeader>
      <CardContent id={stepsId} hidden={!expanded} className="px-3 sm:px-4">
        <ol className="grid gap-2">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className={cn('flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-2.5', step.done && 'bg-muted/40')}
              data-done={step.done}
            >
              {step.done ? (
                <CheckCircle2Icon className="size-5 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <CircleIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1 basis-48">
                <p className={cn('text-sm font-medium', step.done && 'text-muted-foreground line-through')}>
                  <span className="sr-only">{t(step.done ? 'myMusic.stepNumberDone' : 'myMusic.stepNumber', { number: index + 1 })}</span>
                  {step.title}
                </p>
                {!step.done && step.partDone && (
                  <p className="flex items-center gap-1 text-xs text-success">
                    <CheckCircle2Icon className="size-3.5" aria-hidden="true" />
                    {step.partDone}
                  </p>
                )}
                {!step.done && <p className="text-xs text-muted-foreground">{step.description}</p>}
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
