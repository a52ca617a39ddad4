import type { RegistrationLink } from '@portal/shared/registration-links';
import { BanIcon, CopyIcon, LinkIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useCan } from '@/hooks/use-can';
import { errorMessage } from '@/lib/api-client';
import { formatDate, timeAgo } from '@/lib/format';
import { useRegistrationLinks } from '../api/get-registration-links';
import type { RegistrationLinkListParams } from '../api/registration-link-keys';
import { useRevokeRegistrationLink } from '../api/revoke-registration-link';
import { registrationUrl } from './create-link-dialog';
import { linkState } from './link-state';
import { LinkStateBadge } from './link-state-badge';

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied');
  } catch {
    toast.info(`Copy the link: ${url}`);
  }
}

const uses = (link: RegistrationLink) => `${link.uses} / ${link.maxUses ?? '∞'}`;

/**
 * Registration links with their live use (used / max, last use), expiry and state; open ones can
 * be revoked, which closes them at once. Badge links also show their category, owner and recipient.
 */
export function LinkTable({
  heading,
  headingActions,
  filter,
  empty,
  revokeDescription,
}: {
  heading: string;
  headingActions?: ReactNode;
  filter: Omit<RegistrationLinkListParams, 'page'>;
  empty: string;
  revokeDescription: string;
}) {
  const can = useCan();
  // Several link lists can share a page: each keeps its page to itself rather than in the URL.
  const [page, setPage] = useState(1);
  const links = useRegistrationLinks({ ...filter, page });
  const revoke = useRevokeRegistrationLink();
  const [revoking, setRevoking] = useState<RegistrationLink | null>(null);
  const badges = filter.kind === 'badge';

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => toast.success('Link revoked'),
      onError: (error) => toast.error(errorMessage(error, 'The link could not be revoked')),
      onSettled: () => setRevoking(null),
    });
  }

  const columns: ListColumn<RegistrationLink>[] = [
    {
      id: 'link',
      header: 'Link',
      hideable: false,
      // A minimum width keeps a narrow screen from wrapping the link one character a line.
      className: 'min-w-52',
      cell: (link) => {
        const url = registrationUrl(link.id);
        return (
          <>
            <div className="flex items-center gap-1">
              <code className="min-w-0 text-xs break-all">{url}</code>
              <Tooltip content="Copy link">
                <Button variant="ghost" size="icon-sm" aria-label={`Copy ${url}`} onClick={() => copy(url)}>
                  <CopyIcon aria-hidden />
                </Button>
              </Tooltip>
            </div>
            <div className="text-xs text-muted-foreground">
              {link.email ? `Sent to ${link.email}` : `Created ${formatDate(link.createdAt)}`}
              <span className="sm:hidden"> · {uses(link)} uses</span>
            </div>
          </>
        );
      },
    },
    ...(badges
      ? [
          {
            id: 'owner',
            header: 'Category and owner',
            className: 'hidden lg:table-cell',
            cell: (link: RegistrationLink) => (
              <>
                <div>{link.badgeCategoryName}</div>
                <div className="text-xs text-muted-foreground">{link.ownerName}</div>
              </>
            ),
          },
        ]
      : []),
    {
      id: 'uses',
      header: 'Uses',
      className: 'hidden whitespace-nowrap tabular-nums sm:table-cell',
      cell: (link) => (
        <>
          <div>{uses(link)}</div>
          {link.lastUsedAt && <div className="text-xs text-muted-foreground">Last {timeAgo(link.lastUsedAt)}</div>}
        </>
      ),
    },
    {
      id: 'expires',
      header: 'Expires',
      className: 'hidden whitespace-nowrap md:table-cell',
      cell: (link) => (link.expiresAt ? formatDate(link.expiresAt) : 'Never'),
    },
    { id: 'state', header: 'State', hideable: false, cell: (link) => <LinkStateBadge state={linkState(link)} /> },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      hideable: false,
      className: 'w-14 text-right',
      cell: (link) =>
        linkState(link) === 'open' && (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Revoke ${registrationUrl(link.id)}`}
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => setRevoking(link)}
            >
              <BanIcon aria-hidden />
              <span className="hidden sm:inline">Revoke</span>
            </Button>
          </div>
        ),
    },
  ];

  return (
    <>
      <DataList
        name={`registration-links:${filter.kind}`}
        noun="registration links"
        icon={LinkIcon}
        heading={heading}
        headingActions={headingActions}
        query={links}
        columns={columns}
        getRowId={(link) => link.id}
        exportTo={
          can('export_data')
            ? { url: '/admin/registration-links/export', params: filter, fileName: 'registration-links' }
            : undefined
        }
        onPageChange={setPage}
        emptyTitle="No registration links yet"
        emptyDescription={empty}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this registration link?"
        description={revokeDescription}
        confirmLabel="Revoke link"
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </>
  );
}
