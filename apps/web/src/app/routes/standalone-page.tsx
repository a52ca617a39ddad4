import { ArrowLeftIcon, HomeIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

type StandalonePageProps = { code: string; title: string; description: string; icon: LucideIcon; actions?: ReactNode };

/** Go Back and Go Home, the way out of a page that has nothing to show. */
function BackAndHome() {
  const navigate = useNavigate();
  return (
    <>
      <Button variant="outline" onClick={() => navigate(-1)}>
        <ArrowLeftIcon aria-hidden />
        Go Back
      </Button>
      <Button asChild>
        <Link to={paths.home.href()}>
          <HomeIcon aria-hidden />
          Go Home
        </Link>
      </Button>
    </>
  );
}

/** A full-screen message such as Access Denied or Page Not Found. */
export function StandalonePage({ code, title, description, icon: Icon, actions }: StandalonePageProps) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-background px-6 py-16 text-center">
      <div className="mb-10 flex items-center gap-2 text-sm font-semibold">
        <BrandMark size="md" />
        Exhibitor Portal
      </div>
      <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Icon aria-hidden className="size-7" />
      </div>
      <p className="text-sm font-semibold tracking-widest text-primary">{code}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions ?? <BackAndHome />}</div>
    </main>
  );
}
