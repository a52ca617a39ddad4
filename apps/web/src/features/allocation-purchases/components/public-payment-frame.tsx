import type { ReactNode } from 'react';
import { BrandMark } from '@/components/layout/brand-mark';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The frame of the public payment pages: the portal's name and one centred card. */
export function PublicPaymentFrame({
  title,
  banner,
  children,
}: {
  title: string;
  banner?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-dvh flex-col items-center bg-background px-4 py-10 sm:py-16">
      <div className="mb-8 flex items-center gap-2 text-sm font-semibold">
        <BrandMark size="md" />
        Exhibitor Portal
      </div>
      {banner}
      <Card className="w-full max-w-md p-6 sm:p-8">{children}</Card>
    </main>
  );
}
