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

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: UploadIcon,
    title: 'Upload tracks and albums',
    text: 'MP3 or WAV files up to 50 MB each, with cover art, grouped into albums when you are ready.',
  },
  {
    icon: WalletIcon,
    title: 'Set your own prices',
    text: 'Price each track or album in Kenyan shillings, or give it away for free. Fans pay by card or M-Pesa.',
  },
  {
    icon: HeadphonesIcon,
    title: 'Full plays or previews',
    text: 'Let fans hear a whole song, or a 25-second preview that makes them want the rest.',
  },
  {
    icon: ShareIcon,
    title: 'Your own page',
    text: 'A public profile with your photo, your music and your social links, at an address you can share anywhere.',
  },
  {
    icon: SmartphoneIcon,
    title: 'Get paid to M-Pesa or the bank',
    text: 'Add one payout method: an M-Pesa number or a bank account.',
  },
  {
    icon: BarChart3Icon,
    title: 'See what works',
    text: 'Downloads, streams, profile views and revenue, all on your dashboard.',
  },
];

const STEPS = [
  'Create your free artist account and confirm your e-mail address.',
  'Add a profile photo and a payout method.',
  'Upload your first track and share your link.',
];

/** Spec section 2: the artist marketing page. */
export function ForArtistsPage() {
  useDocumentTitle('For Artists');
  return (
    <>
      <section className="border-b bg-gradient-to-b from-accent/80 to-background">
        <div className="mx-auto max-w-4xl space-y-6 px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Sell your music directly to your fans</h1>
          <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
            Sauti is a music store for independent Kenyan artists. Upload your songs, set your prices in KES and keep 90% of every
            sale.
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/auth?tab=register">Create your artist account</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/auth">Sign in</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="features-heading" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          Everything you need to sell your music
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full gap-3">
                <CardHeader>
                  <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-accent text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription>{text}</CardDescription>
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
              Simple, fair pricing
            </h2>
            <p className="text-muted-foreground">
              No sign-up fee and no monthly fee. When a fan buys your music, you receive 90% of the price and Sauti keeps 10%.
              The card and M-Pesa processing fee is paid by the fan, on top of your price.
            </p>
            <ul className="space-y-2 text-sm">
              {[
                'You keep 90% of every sale',
                'Processing fees are paid by the buyer',
                'Bank payouts carry no extra fee',
                '1 GB of storage for your music',
              ].map((line) => (
                <li key={line} className="flex items-start gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  {line}
                </li>
              ))}
            </ul>
          </div>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle as="h3">M-Pesa withdrawal fees</CardTitle>
              <CardDescription>Charged by M-Pesa when your earnings are sent to your phone.</CardDescription>
            </CardHeader>
            <CardContent>
              <table className="w-full text-sm">
                <caption className="sr-only">M-Pesa withdrawal fees by amount</caption>
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th scope="col" className="py-2 font-medium">
                      Amount (KES)
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Fee
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <tr className="border-b">
                    <td className="py-2">1 – 1,500</td>
                    <td className="py-2 text-right">KES 20</td>
                  </tr>
                  <tr className="border-b">
                    <td className="py-2">1,501 – 20,000</td>
                    <td className="py-2 text-right">KES 40</td>
                  </tr>
                  <tr>
                    <td className="py-2">20,001 – 150,000</td>
                    <td className="py-2 text-right">KES 60</td>
                  </tr>
                </tbody>
              </table>
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6">
        <h2 id="steps-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Live in three steps
        </h2>
        <ol className="mt-8 grid gap-4 text-left sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-xl border bg-card p-5">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <p className="mt-3 text-sm">{step}</p>
            </li>
          ))}
        </ol>
        <Button asChild size="lg" className="mt-10">
          <Link href="/auth?tab=register">Get started for free</Link>
        </Button>
      </section>
    </>
  );
}
