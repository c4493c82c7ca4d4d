import { Link } from 'wouter';
import {
  BarChart3Icon,
  CheckIcon,
  HeadphonesIcon,
  ShareIcon,
  SmartphoneIcon,
  UploadIcon,
  WalletIcon,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { MarketingMessages, preloadMarketingCatalogue, useMarketingT } from '@/lib/marketing-i18n';
import { ColumnHeads } from '@/components/column-heads';

/** The page's catalogue, loading with this chunk (the router waits for both). */
export const marketingReady = preloadMarketingCatalogue();

const FEATURES: { icon: LucideIcon; id: 'upload' | 'prices' | 'plays' | 'page' | 'paid' | 'stats' }[] = [
  { icon: UploadIcon, id: 'upload' },
  { icon: WalletIcon, id: 'prices' },
  { icon: HeadphonesIcon, id: 'plays' },
  { icon: ShareIcon, id: 'page' },
  { icon: SmartphoneIcon, id: 'paid' },
  { icon: BarChart3Icon, id: 'stats' },
];

/** M-Pesa's withdrawal fees (spec section 2): figures, the same in both languages. */
const MPESA_FEES = [
  ['1 – 1,500', 'KES 20'],
  ['1,501 – 20,000', 'KES 40'],
  ['20,001 – 150,000', 'KES 60'],
] as const;

const POINTS = ['keep', 'fees', 'bank', 'storage'] as const;
const STEPS = ['account', 'profile', 'upload'] as const;

/** Spec section 2: the artist marketing page. */
export function ForArtistsPage() {
  return (
    <MarketingMessages>
      <ForArtists />
    </MarketingMessages>
  );
}

function ForArtists() {
  const t = useMarketingT();
  useDocumentTitle(t('forArtists.documentTitle'));
  return (
    <>
      <section className="border-b bg-gradient-to-b from-accent/80 to-background">
        <div className="mx-auto max-w-4xl space-y-6 px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('forArtists.title')}</h1>
          <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
            {t('forArtists.intro')}
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/auth?tab=register">{t('forArtists.createAccount')}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/auth">{t('forArtists.signIn')}</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="features-heading" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('forArtists.featuresTitle')}
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, id }) => (
            <li key={id}>
              <Card className="h-full gap-3">
                <CardHeader>
                  <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-accent text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle>{t(`forArtists.feature.${id}.title`)}</CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription>{t(`forArtists.feature.${id}.text`)}</CardDescription>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="pricing-heading" className="border-y bg-muted/40">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2">
          <div className="space-y-4">
            <h2 id="pricing-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              {t('forArtists.pricingTitle')}
            </h2>
            <p className="text-muted-foreground">
              {t('forArtists.pricingText')}
            </p>
            <ul className="space-y-2 text-sm">
              {POINTS.map((point) => (
                <li key={point} className="flex items-start gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  {t(`forArtists.point.${point}`)}
                </li>
              ))}
            </ul>
          </div>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle as="h3">{t('forArtists.mpesaFeesTitle')}</CardTitle>
              <CardDescription>{t('forArtists.mpesaFeesText')}</CardDescription>
            </CardHeader>
            <CardContent>
              <table className="w-full text-sm">
                <caption className="sr-only">{t('forArtists.mpesaFeesCaption')}</caption>
                <thead>
                  <ColumnHeads labels={[t('forArtists.amount'), t('forArtists.fee')]} cellClassName="py-2" />
                </thead>
                <tbody>
                  {MPESA_FEES.map(([amount, fee], index) => (
                    <tr key={amount} className={index < MPESA_FEES.length - 1 ? 'border-b' : undefined}>
                      <td className="py-2">{amount}</td>
                      <td className="py-2 text-right">{fee}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6">
        <h2 id="steps-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('forArtists.stepsTitle')}
        </h2>
        <ol className="mt-8 grid gap-4 text-left sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-xl border bg-card p-5">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <p className="mt-3 text-sm">{t(`forArtists.step.${step}`)}</p>
            </li>
          ))}
        </ol>
        <Button asChild size="lg" className="mt-10">
          <Link href="/auth?tab=register">{t('forArtists.getStarted')}</Link>
        </Button>
      </section>
    </>
  );
}
