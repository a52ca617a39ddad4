import { useEffect, type ReactNode } from 'react';
import { useSession } from '@/lib/session';
import { wordingFor } from '@/lib/wording';

type PageHeaderProps = { title: string; description?: string; actions?: ReactNode };

/** A page's title and description, worded for the user type; also sets the document title. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const type = useSession()?.type;
  const shownTitle = wordingFor(type, title);
  useEffect(() => {
    document.title = `${shownTitle} · Exhibitor Portal`;
  }, [shownTitle]);
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{shownTitle}</h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{wordingFor(type, description)}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
