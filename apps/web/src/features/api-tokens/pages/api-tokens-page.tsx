import type { ApiToken, CreatedApiToken } from '@portal/shared/api-tokens';
import { BanIcon, KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { FormDialog } from '@/components/form/form-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { TableSkeleton } from '@/components/list/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/api-client';
import { formatDate, timeAgo } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { ApiTokenForm } from '../components/api-token-form';
import { TokenSecretPanel } from '../components/token-secret-panel';

const STATUS = {
  active: { label: 'Active', variant: 'success' },
  expired: { label: 'Expired', variant: 'secondary' },
  revoked: { label: 'Revoked', variant: 'destructive' },
} as const;

type Dialog = { kind: 'create' } | { kind: 'secret'; created: CreatedApiToken } | { kind: 'revoke'; token: ApiToken };

function When({ value, fallback, relative = false }: { value: string | null; fallback: string; relative?: boolean }) {
  if (!value) return <>{fallback}</>;
  return (
    <time dateTime={value} title={new Date(value).toLocaleString()}>
      {relative ? timeAgo(value) : formatDate(value)}
    </time>
  );
}

/** The user's own API tokens (docs/api-tokens.md): create one with some of their permissions, see its secret once, revoke. */
export function ApiTokensPage() {
  const held = useSession()?.user.permissions ?? [];
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  function confirmRevoke(token: ApiToken) {
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(`${token.name} no longer works`),
      onError: (error) => toast.error(errorMessage(error, 'The token could not be revoked. Please try again.')),
      onSettled: () => setDialog(null),
    });
  }

  return (
    <>
      <PageHeader
        title="API tokens"
        description="Let a program, such as your CRM, use the portal's API as you, with only the permissions you choose."
        actions={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon aria-hidden />
            New token
          </Button>
        }
      />
      <Card className="overflow-hidden">
        {tokens.isPending ? (
          <TableSkeleton columns={6} />
        ) : tokens.isError ? (
          <EmptyState
            icon={KeyRoundIcon}
            title="Your tokens could not be loaded"
            description={errorMessage(tokens.error, 'Please try again in a moment.')}
          />
        ) : tokens.data.length === 0 ? (
          <EmptyState
            icon={KeyRoundIcon}
            title="No tokens yet"
            description="Create one for each program that uses the API, so that each can be revoked on its own."
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead className="hidden md:table-cell">Permissions</TableHead>
                <TableHead className="hidden sm:table-cell">Created</TableHead>
                <TableHead className="hidden sm:table-cell">Expires</TableHead>
                <TableHead className="hidden lg:table-cell">Last used</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="w-16 text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {tokens.data.map((token) => (
                <TableRow key={token.id}>
                  <TableCell>
                    <span className="block font-medium">{token.name}</span>
                    <code className="font-mono text-xs text-muted-foreground">{token.prefix}…</code>
                  </TableCell>
                  <TableCell className="hidden max-w-72 md:table-cell">
                    <span className="line-clamp-2 text-xs text-muted-foreground" title={token.permissions.join(', ')}>
                      {token.permissions.join(', ')}
                    </span>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                    <When value={token.createdAt} fallback="" />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                    <When value={token.expiresAt} fallback="Never" />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                    <When value={token.lastUsedAt} fallback="Never" relative />
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATUS[token.status].variant}>{STATUS[token.status].label}</Badge>
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end">
                      {token.status !== 'revoked' && (
                        <Tooltip content="Revoke">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Revoke ${token.name}`}
                            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                            onClick={() => setDialog({ kind: 'revoke', token })}
                          >
                            <BanIcon aria-hidden />
                          </Button>
                        </Tooltip>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>

      <FormDialog
        open={dialog?.kind === 'create'}
        onClose={() => setDialog(null)}
        title="New API token"
        description="It acts as you, within your event or company, with only the permissions chosen here."
        wide
      >
        {dialog?.kind === 'create' && (
          <ApiTokenForm held={held} onCreated={(created) => setDialog({ kind: 'secret', created })} />
        )}
      </FormDialog>

      <FormDialog
        open={dialog?.kind === 'secret'}
        onClose={() => setDialog(null)}
        title={dialog?.kind === 'secret' ? `${dialog.created.apiToken.name} is ready` : 'Your new token'}
        description="Shown only now: the portal keeps no copy it could show again."
      >
        {dialog?.kind === 'secret' && <TokenSecretPanel token={dialog.created.token} />}
      </FormDialog>

      <ConfirmDialog
        open={dialog?.kind === 'revoke'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Revoke this token?"
        description={`${dialog?.kind === 'revoke' ? dialog.token.name : 'The token'} stops working at once, for good. Programs that use it get 401 from then on.`}
        confirmLabel="Revoke token"
        pending={revoke.isPending}
        onConfirm={() => dialog?.kind === 'revoke' && confirmRevoke(dialog.token)}
      />
    </>
  );
}
