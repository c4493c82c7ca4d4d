import { formatPrice } from '#common/money';
import { Badge } from '@/components/ui/badge';
import { useI18n } from '@/lib/i18n';

/** Spec section 9's price label: 'KES 50.00' or 'Free'. */
export function PriceBadge({ price, payMore, className }: { price: number | null | undefined; payMore?: boolean; className?: string }) {
  const priced = !!price && price > 0;
  const { t } = useI18n();
  return (
    <Badge variant={priced ? 'default' : 'secondary'} className={className} data-testid="price">
      {/* Issue 21: a free item fans may pay for. */}
      {!priced && payMore ? t('price.nameYourPrice') : priced ? formatPrice(price) : t('price.free')}
    </Badge>
  );
}
