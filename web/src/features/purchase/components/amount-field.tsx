import type { RefObject } from 'react';
import { formatPrice } from '#common/money';
import type { PurchaseItem } from '#common/schemas/catalog/responses';
import { Input } from '@/components/ui/input';
import { useI18n } from '@/lib/i18n';

/**
 * Issue 21: how much the fan pays for a pay-more item, in KES as they type it; the price is the
 * minimum (none for 'Name your price') and the artist's suggestion is shown beside it.
 */
export function AmountField({
  item,
  value,
  error,
  inputRef,
  readOnly,
  onChange,
}: {
  item: PurchaseItem;
  value: string;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  readOnly: boolean;
  onChange: (text: string) => void;
}) {
  const { t } = useI18n();
  const hint = [
    item.price > 0 ? t('purchase.minimum', { price: formatPrice(item.price) }) : t('purchase.payWhatYouLike'),
    item.suggestedPrice ? t('purchase.suggested', { price: formatPrice(item.suggestedPrice) }) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="grid gap-2">
      <label htmlFor="purchase-amount" className="text-sm leading-none font-medium">
        {t('purchase.amount')}
      </label>
      <Input
        id="purchase-amount"
        ref={inputRef}
        inputMode="decimal"
        autoComplete="off"
        maxLength={40}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'purchase-amount-hint purchase-amount-error' : 'purchase-amount-hint'}
        data-testid="purchase-amount"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id="purchase-amount-hint" className="text-sm text-muted-foreground" data-testid="purchase-amount-hint">
        {hint}
      </p>
      {error && (
        <p id="purchase-amount-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
