import type { RegistrationLink } from '@portal/shared/registration-links';
import { BanIcon, CopyIcon, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { Pagination } from '@/components/list/pagination';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useRegistrationLinks } from '../api/get-registration-links';
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

/** An event's exhibitor registration links with their uses, expiry and state; open ones can be revoked. */
export function ExhibitorLinkList({ eventId }: { eventId: number }) {
  const [page, setPage] = useState(1);
  const links = useRegistrationLinks({ eventId, kind: 'exhibitor', page });
  const revoke = useRevokeRegistrationLink();
  const [revoking, setRevoking] = useState<RegistrationLink | null>(null);
  const rows = links.data?.data ?? [];

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => toast.success('Link revoked'),
      onError: (error) => toast.error(errorMessage(error, 'The link could not be revoked')),
      onSettled: () => setRevoking(null),
    });
  }

  return (
    <Card className="mb-6 overflow-hidden">
      <CardHeader>
        <CardTitle>Exhibitor registration links</CardTitle>
      </CardHeader>
      {links.isPending ? (
        <TableSkeleton columns={5} rows={2} />
      ) : links.isError ? (
        <EmptyState
          icon={LinkIcon}
          title="The registration links could not be loaded"
          description={errorMessage(links.error, 'Please try again in a moment.')}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={LinkIcon}
          title="No registration links yet"
          description="Create one to let companies register themselves as exhibitors."
          className="py-8"
        />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Link</TableHead>
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
                      Created {formatDate(link.createdAt)}
                      <span className="sm:hidden">
                        {' '}
                        · {link.uses} / {link.maxUses ?? '∞'} uses
                      </span>
                    </div>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap tabular-nums sm:table-cell">
                    {link.uses} / {link.maxUses ?? '∞'}
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
                          Revoke
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
        description="Companies that open it can no longer register. Exhibitors who registered through it stay. This cannot be undone."
        confirmLabel="Revoke link"
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
