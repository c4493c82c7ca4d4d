import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CircleCheckIcon, ShoppingCartIcon } from 'lucide-react';
import { formatPrice } from '#common/money';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { DownloadLink } from '@/components/public-pieces';
import { albumDownloadUrl, phoneFriendlyDownloadUrl, trackDownloadUrl } from '@/lib/download';
import type { BuyButtonProps } from '@/lib/purchase';
import { cn } from '@/lib/utils';
import { useI18n } from '@/lib/i18n';
import { useOwnedItems } from '@/lib/owned-items';
import { takeFocusAfterPurchase } from '../lib/focus-after-purchase';

/*
 * The purchase dialog (its form, schema and Radix dialog) is its own chunk, fetched when a fan
 * reaches for the button: public pages stay within their JavaScript budget, and the Paystack
 * library is later still (the Pay click, in its own chunk).
 */
const loadDialog = () => import('./purchase-dialog');
const PurchaseDialog = lazy(() => loadDialog().then((module) => ({ default: module.PurchaseDialog })));

/**
 * The purchase corner of a priced item (issue 16), in the place and size of its Buy button:
 * - 'Purchased' with Download in a browser that bought it (known after the page has loaded: the
 *   server renders Buy for everyone, and the page switches once GET /api/purchases/owned answers);
 * - 'Not on sale yet' for an item its artist cannot take payments for (no payout method): words,
 *   not a button that cannot work;
 * - else Buy.
 */
export function BuyButton(props: BuyButtonProps) {
  const owned = useOwnedItems();
  if (owned.has(props.item)) return <PurchasedDownload {...props} />;
  if (props.purchasable === false) return <NotOnSaleYet {...props} />;
  return <BuyNowButton {...props} />;
}

/**
 * 'Purchased' and the item's download, MP3 on phones (lib/download.ts phoneFriendlyDownloadUrl;
 * the original elsewhere) (the buyer cookie grants it; the click asks the server
 * first, so a refusal is a message, never a saved error body). In a row, one button of Buy's size:
 * its face "Purchased" with the download icon, its name "Purchased: download Sunrise".
 */
function PurchasedDownload({ item, size = 'full', className }: BuyButtonProps) {
  // Rendered only in the browser (what it owns is known after loading): MP3 on phones, else the original.
  const href = phoneFriendlyDownloadUrl(item.type === 'album' ? albumDownloadUrl(item.id) : trackDownloadUrl(item.id));
  const { t } = useI18n();
  const failureFallback = item.type === 'album' ? t('album.downloadFailed') : undefined;
  const ref = useRef<HTMLSpanElement & HTMLDivElement>(null);
  const { type, id } = item;
  useEffect(() => {
    if (takeFocusAfterPurchase({ type, id })) ref.current?.querySelector('a')?.focus();
  }, [type, id]);
  if (size === 'compact') {
    return (
      <span ref={ref} className="inline-flex">
        <DownloadLink
          href={href}
          label={t('buy.purchased')}
          accessibleName={t('buy.purchasedDownload', { name: item.name })}
          variant="secondary"
          size="sm"
          failureFallback={failureFallback}
          className={cn('h-10 sm:h-8', className)}
        />
      </span>
    );
  }
  return (
    <div ref={ref} className={cn('flex items-center justify-center gap-3', className)} data-testid="purchased">
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-primary">
        <CircleCheckIcon className="size-4" aria-hidden="true" />
        {t('buy.purchased')}
      </span>
      <DownloadLink
        href={href}
        label={t(item.type === 'album' ? 'album.download' : 'item.download')}
        accessibleName={t('item.downloadNamed', { name: item.name })}
        variant="default"
        failureFallback={failureFallback}
        className="flex-1 sm:flex-none"
      />
    </div>
  );
}

/** 'Not on sale yet': the artist has no payout method, so nothing can be bought (yet). */
function NotOnSaleYet({ size = 'full', className }: BuyButtonProps) {
  const { t } = useI18n();
  return (
    <span
      className={cn(
        'inline-flex items-center justify-center rounded-md border border-dashed text-muted-foreground whitespace-nowrap',
        size === 'compact' ? 'h-10 px-2 text-xs sm:h-8' : 'h-9 px-3 text-sm',
        className,
      )}
      data-testid="not-on-sale"
    >
      {t('buy.notOnSaleYet')}
    </span>
  );
}

/**
 * Buy, next to a priced item's price badge (spec section 2): opens the Purchase dialog. It renders
 * the same markup on the server and in the browser. Its name says what and for how much ("Buy
 * Sunrise for KES 50.00") while its face stays short ("Buy KES 50.00", or "Buy" in a row).
 */
function BuyNowButton({ item, size = 'full', downloadFailure = 'log', className }: BuyButtonProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const price = formatPrice(item.price);
  const compact = size === 'compact';
  // Issue 21: a free item with pay more: its dialog asks how much (KES 0 downloads at once).
  const nameYourPrice = item.payMore === true && !(item.price > 0);

  const openDialog = async () => {
    if (loading) return;
    setLoading(true);
    try {
      await loadDialog();
    } catch (error) {
      console.error('The purchase dialog could not be loaded', error);
      toast({
        variant: 'destructive',
        title: t('payment.failed'),
        description: t('buy.formFailed'),
      });
      return;
    } finally {
      setLoading(false);
    }
    setMounted(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        size={compact ? 'sm' : 'default'}
        className={cn(compact && 'h-10 sm:h-8', className)}
        aria-haspopup="dialog"
        aria-busy={loading || undefined}
        data-testid="buy-button"
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
        onFocus={() => void loadDialog().catch(() => undefined)}
        onClick={() => void openDialog()}
      >
        {loading ? <Spinner label={null} /> : <ShoppingCartIcon aria-hidden="true" />}
        {/* One text run (a flex item), its spaces outside the hidden part: the name reads "Buy Sunrise for KES 50.00". */}
        {nameYourPrice ? (
          <span>
            {t('price.nameYourPrice')} <span className="sr-only">{t('buy.forName', { name: item.name })}</span>
          </span>
        ) : (
          <span>
            {t('buy.button')}{' '}
            {compact ? (
              <span className="sr-only">{t('buy.nameForPrice', { name: item.name, price })}</span>
            ) : (
              <>
                <span className="sr-only">{t('buy.nameFor', { name: item.name })}</span> {price}
              </>
            )}
          </span>
        )}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <PurchaseDialog item={item} open={open} onOpenChange={setOpen} downloadFailure={downloadFailure} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
