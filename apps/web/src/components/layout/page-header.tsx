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
    // The title takes the room it needs (never narrower than its longest word, which min-width:
    // auto keeps); the actions sit beside it while they fit, else wrap below it and among themselves.
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="max-w-full grow basis-80">
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
      {actions && <div className="flex max-w-full flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
