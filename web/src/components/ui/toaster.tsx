import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';
import { useI18n } from '@/lib/i18n';

/** Renders the toast store; mount once near the root. */
export function Toaster() {
  const { toasts } = useToast();
  const { t } = useI18n();
  return (
    // The region's and each toast's spoken names, in the page's language; Radix puts the hotkey into "{hotkey}".
    <ToastProvider label={t('toast.one')}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          {/* min-w-0: a long word (a link) wraps inside the toast instead of widening it past the screen. */}
          <div className="grid min-w-0 gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport label={t('toast.region', { hotkey: '{hotkey}' })} />
    </ToastProvider>
  );
}
