import { lazy, Suspense, useRef, useState } from 'react';
import { ShoppingCartIcon } from 'lucide-react';
import { formatPrice } from '#common/money';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import type { BuyButtonProps } from '@/lib/purchase';
import { cn } from '@/lib/utils';

/*
 * The purchase dialog (its form, schema and Radix dialog) is its own chunk, fetched when a fan
 * reaches for the button: public pages stay within their JavaScript budget, and the Paystack
 * library is later still (the Pay click, in its own chunk).
 */
const loadDialog = () => import('./purchase-dialog');
const PurchaseDialog = lazy(() => loadDialog().then((module) => ({ default: module.PurchaseDialog })));

/**
 * Buy, next to a priced item's price badge (spec section 2): opens the Purchase dialog. It renders
 * the same markup on the server and in the browser. Its name says what and for how much ("Buy
 * Sunrise for KES 50.00") while its face stays short ("Buy KES 50.00", or "Buy" in a row).
 */
export function BuyButton({ item, size = 'full', downloadFailure = 'log', className }: BuyButtonProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const price = formatPrice(item.price);
  const compact = size === 'compact';

  const openDialog = async () => {
    if (loading) return;
    setLoading(true);
    try {
      await loadDialog();
    } catch (error) {
      console.error('The purchase dialog could not be loaded', error);
      toast({
        variant: 'destructive',
        title: 'Payment Failed',
        description: 'The payment form could not be loaded. Please check your connection and try again.',
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
        <span>
          Buy{' '}
          {compact ? (
            <span className="sr-only">{`${item.name} for ${price}`}</span>
          ) : (
            <>
              <span className="sr-only">{`${item.name} for`}</span> {price}
            </>
          )}
        </span>
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <PurchaseDialog item={item} open={open} onOpenChange={setOpen} downloadFailure={downloadFailure} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
