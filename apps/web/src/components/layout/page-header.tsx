import { ChevronLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session';
import { wordingFor } from '@/lib/wording';

type PageHeaderProps = {
  title: string;
  description?: string;
  actions?: ReactNode;
  /** The list or record this page belongs to, shown as a link above the title. */
  back?: { to: string; label: string };
};

/** A page's title and description, worded for the user type; also sets the document title. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  const type = useSession()?.type;
  const shownTitle = wordingFor(type, title);
  useDocumentTitle(shownTitle);
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {back && (
          <Link
            to={back.to}
            className="mb-2 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <ChevronLeftIcon aria-hidden className="size-4" />
            {wordingFor(type, back.label)}
          </Link>
        )}
        <h1 className="text-2xl font-semibold tracking-tight break-words">{shownTitle}</h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{wordingFor(type, description)}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
