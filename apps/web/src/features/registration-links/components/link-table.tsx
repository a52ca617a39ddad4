import type { RegistrationLink } from '@portal/shared/registration-links';
import { BanIcon, CopyIcon, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { Pagination } from '@/components/list/pagination';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
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
  filter,
  empty,
  revokeDescription,
}: {
  filter: Omit<RegistrationLinkListParams, 'page'>;
  empty: string;
  revokeDescription: string;
}) {
  const [page, setPage] = useState(1);
  const links = useRegistrationLinks({ ...filter, page });
  const revoke = useRevokeRegistrationLink();
  const [revoking, setRevoking] = useState<RegistrationLink | null>(null);
  const rows = links.data?.data ?? [];
  const badges = filter.kind === 'badge';

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => toast.success('Link revoked'),
      onError: (error) => toast.error(errorMessage(error, 'The link could not be revoked')),
      onSettled: () => setRevoking(null),
    });
  }

  return (
    <>
      {links.isPending ? (
        <TableSkeleton columns={5} rows={2} />
      ) : links.isError ? (
        <EmptyState
          icon={LinkIcon}
          title="The registration links could not be loaded"
          description={errorMessage(links.error, 'Please try again in a moment.')}
        />
      ) : rows.length === 0 ? (
        <EmptyState icon={LinkIcon} title="No registration links yet" description={empty} className="py-8" />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Link</TableHead>
              {badges && <TableHead className="hidden lg:table-cell">Category and owner</TableHead>}
              <TableHead className="hidden sm:table-cell">Uses</TableHead>
              <TableHead className="hidden md:table-cell">Expires</TableHead>
              <TableHead>State</TableHead>
              <TableHead className="w-14 text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((link) => {
              const url = registrationUrl(link.id);
              const state = linkState(link);
              return (
                <TableRow key={link.id}>
                  {/* A minimum width keeps a narrow screen from wrapping the link one character a line. */}
                  <TableCell className="min-w-52">
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
                  </TableCell>
                  {badges && (
                    <TableCell className="hidden lg:table-cell">
                      <div>{link.badgeCategoryName}</div>
                      <div className="text-xs text-muted-foreground">{link.ownerName}</div>
                    </TableCell>
                  )}
                  <TableCell className="hidden whitespace-nowrap tabular-nums sm:table-cell">
                    <div>{uses(link)}</div>
                    {link.lastUsedAt && (
                      <div className="text-xs text-muted-foreground">Last {timeAgo(link.lastUsedAt)}</div>
                    )}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">
                    {link.expiresAt ? formatDate(link.expiresAt) : 'Never'}
                  </TableCell>
                  <TableCell>
                    <LinkStateBadge state={state} />
                  </TableCell>
                  <TableCell>
                    {state === 'open' && (
                      <div className="flex justify-end">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Revoke ${url}`}
                          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                          onClick={() => setRevoking(link)}
                        >
                          <BanIcon aria-hidden />
                          <span className="hidden sm:inline">Revoke</span>
                        </Button>
                      </div>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {links.data && rows.length > 0 && links.data.meta.total_pages > 1 && (
        <Pagination meta={links.data.meta} onPageChange={setPage} noun="links" />
      )}
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
