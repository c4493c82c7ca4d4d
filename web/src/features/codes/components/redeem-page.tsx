import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { CircleCheckIcon, TicketIcon } from 'lucide-react';
import { formatPrice } from '#common/money';
import { redeemCodeSchema, type RedeemCodeInput, type RedeemCodeResponse } from '#common/schemas/codes';
import type { PurchaseItem } from '#common/schemas/catalog/responses';
import { EmailField } from '@/components/email-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/text-field';
import { Form, FormMessageLocalizer } from '@/components/ui/form';
import { fanFormMessage } from '@/lib/form-messages';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { messageOf } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { DownloadLink } from '@/components/public-pieces';
import { phoneFriendlyDownloadUrl } from '@/lib/download';
import { useRedeemCode } from '../api/codes-api';

/** What the page composes in to pay a discounted price: the purchase dialog (web/src/app). */
export type RenderDiscountCheckout = (props: {
  item: PurchaseItem;
  discount: { code: string; percentOff: number; price: number };
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;

type Discounted = Extract<RedeemCodeResponse, { kind: 'discount' }>;
type Granted = Extract<RedeemCodeResponse, { kind: 'download' }>;

/**
 * /redeem (issue 21, docs/decisions/050): a fan types a code and their e-mail. A download code
 * answers at once with the item's Download button (and a mailed link): not a download started by
 * itself, which phones block or file silently after a network answer (README, issue 33); a
 * discount code opens the purchase dialog at the discounted price.
 */
export function RedeemPage({ renderCheckout }: { renderCheckout: RenderDiscountCheckout }) {
  const { t } = useI18n();
  useDocumentTitle(t('redeem.title'));
  const redeem = useRedeemCode();
  const form = useForm<RedeemCodeInput, unknown, { code: string; email: string }>({ resolver: zodResolver(redeemCodeSchema), defaultValues: { code: '', email: '' } });
  const [granted, setGranted] = useState<Granted | null>(null);
  const [discount, setDiscount] = useState<{ answer: Discounted; email: string } | null>(null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);

  // The shared schema's messages are English; the server's own come in the request's language.
  const localize = (message: string) => fanFormMessage(message, t);

  const submit = (input: { code: string; email: string }) => {
    setGranted(null);
    setDiscount(null);
    redeem.mutate(input, {
      onSuccess: (answer) => {
        if (answer.kind === 'download') setGranted(answer);
        else {
          setDiscount({ answer, email: input.email });
          setCheckoutOpen(true);
        }
      },
    });
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 pt-8 pb-16 sm:pt-12">
      <TicketIcon className="size-8 text-primary" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{t('redeem.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('redeem.intro')}</p>

      {granted ? (
        <div className="mt-6 grid gap-4" data-testid="redeem-granted">
          <Alert role="status">
            <CircleCheckIcon aria-hidden="true" />
            <AlertDescription>
              <p>
                <span className="font-medium text-foreground">{granted.item.name}</span> {t('redeem.yours')} {granted.message}
              </p>
            </AlertDescription>
          </Alert>
          <DownloadLink
            href={phoneFriendlyDownloadUrl(granted.downloadUrl)}
            label={t(granted.item.type === 'album' ? 'album.download' : 'item.download')}
            accessibleName={t('item.downloadNamed', { name: granted.item.name })}
            variant="default"
            className="h-11"
          />
          <p className="text-sm text-muted-foreground">
            {t('redeem.itIsIn')}{' '}
            <Link href="/library" className="text-foreground underline underline-offset-4">
              {t('redeem.yourLibrary')}
            </Link>{' '}
            {t('redeem.tooOnIts')}{' '}
            <Link href={`/${granted.item.type}/${granted.item.id}`} className="text-foreground underline underline-offset-4">
              {t('redeem.page')}
            </Link>
            .
          </p>
          <Button variant="outline" className="h-11" onClick={() => setGranted(null)}>
            {t('redeem.another')}
          </Button>
        </div>
      ) : (
        <Form {...form}>
          <FormMessageLocalizer value={localize}>
            <form noValidate aria-label={t('redeem.title')} className="mt-6 grid gap-4" onSubmit={form.handleSubmit(submit)}>
              {/* A code is typed as printed: capitals, no correction, nothing remembered. */}
              <TextField name="code" label={t('redeem.code')} placeholder={t('redeem.placeholder')} maxLength={40} className="h-11 font-mono tracking-wider uppercase" autoComplete="off" autoCapitalize="characters" autoCorrect="off" spellCheck={false} />
              <EmailField inputClassName="h-11" />
              {redeem.isError && (
                <Alert variant="destructive" role="alert">
                  <AlertDescription>{messageOf(redeem.error, t('redeem.checkFailed'), t('redeem.checkFailedNetwork'))}</AlertDescription>
                </Alert>
              )}
              {discount && !checkoutOpen && (
                <Alert role="status" data-testid="redeem-discount">
                  <AlertDescription>
                    {t('redeem.discount', { percent: discount.answer.percentOff, name: discount.answer.item.name, price: formatPrice(discount.answer.price), listPrice: formatPrice(discount.answer.item.price) })}{' '}
                    <Button type="button" variant="link" className="h-auto p-0" onClick={() => setCheckoutOpen(true)}>
                      {t('redeem.payNow')}
                    </Button>
                  </AlertDescription>
                </Alert>
              )}
              <Button type="submit" className="h-11" disabled={redeem.isPending}>
                {redeem.isPending ? t('redeem.checking') : t('redeem.submit')}
              </Button>
            </form>
          </FormMessageLocalizer>
        </Form>
      )}
      {discount &&
        renderCheckout({
          item: discount.answer.item,
          discount: { code: discount.answer.code, percentOff: discount.answer.percentOff, price: discount.answer.price },
          email: discount.email,
          open: checkoutOpen,
          onOpenChange: setCheckoutOpen,
        })}
    </div>
  );
}
