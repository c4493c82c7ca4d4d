import { Progress } from '@/components/ui/progress';
import type { UploadPhase } from '../hooks/use-upload';

/** Spec section 4: a percentage progress bar while an upload runs. */
export function UploadProgress({ phase, percent, label = 'Uploading' }: { phase: UploadPhase; percent: number; label?: string }) {
  if (phase === 'idle') return null;
  const text = phase === 'processing' ? 'Checking your audio…' : `${label}…`;
  return (
    <div className="grid gap-1.5" data-testid="upload-progress">
      <div className="flex items-center justify-between text-sm">
        <span aria-live="polite">{text}</span>
        <span className="font-medium tabular-nums">{percent}%</span>
      </div>
      <Progress value={percent} aria-label="Upload progress" aria-valuetext={`${percent}%`} />
    </div>
  );
}
