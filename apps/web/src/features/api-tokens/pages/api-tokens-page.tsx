import type { ApiToken, CreatedApiToken } from '@portal/shared/api-tokens';
import { BanIcon, KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { RowActionButtons } from '@/components/list/row-actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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

  const columns: ListColumn<ApiToken>[] = [
    {
      id: 'name',
      header: 'Name',
      hideable: false,
      cell: (token) => (
        <>
          <span className="block font-medium">{token.name}</span>
          <code className="font-mono text-xs text-muted-foreground">{token.prefix}…</code>
        </>
      ),
    },
    {
      id: 'permissions',
      header: 'Permissions',
      className: 'hidden max-w-72 md:table-cell',
      cell: (token) => (
        <span className="line-clamp-2 text-xs text-muted-foreground" title={token.permissions.join(', ')}>
          {token.permissions.join(', ')}
        </span>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      className: 'hidden whitespace-nowrap text-muted-foreground sm:table-cell',
      cell: (token) => <When value={token.createdAt} fallback="" />,
    },
    {
      id: 'expires',
      header: 'Expires',
      className: 'hidden whitespace-nowrap text-muted-foreground sm:table-cell',
      cell: (token) => <When value={token.expiresAt} fallback="Never" />,
    },
    {
      id: 'lastUsed',
      header: 'Last used',
      className: 'hidden whitespace-nowrap text-muted-foreground lg:table-cell',
      cell: (token) => <When value={token.lastUsedAt} fallback="Never" relative />,
    },
    {
      id: 'status',
      header: 'Status',
      hideable: false,
      cell: (token) => <Badge variant={STATUS[token.status].variant}>{STATUS[token.status].label}</Badge>,
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      hideable: false,
      cell: (token) => (
        <RowActionButtons
          actions={
            token.status === 'revoked'
              ? []
              : [
                  {
                    tooltip: 'Revoke',
                    label: `Revoke ${token.name}`,
                    icon: BanIcon,
                    destructive: true,
                    onClick: () => setDialog({ kind: 'revoke', token }),
                  },
                ]
          }
        />
      ),
    },
  ];

  function confirmRevoke(token: ApiToken) {
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(`${token.name} no longer works`),
      onError: (error) => toast.error(errorMessage(error, 'The token could not be revoked. Please try again.')),
      onSettled: () => setDialog(null),
    });
  }

  return (
    <>
      <DataList
        name="api-tokens"
        noun="tokens"
        icon={KeyRoundIcon}
        title="API tokens"
        description="Let a program, such as your CRM, use the portal's API as you, with only the permissions you choose."
        actions={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon aria-hidden />
            New token
          </Button>
        }
        query={tokens}
        columns={columns}
        getRowId={(token) => token.id}
        emptyTitle="No tokens yet"
        emptyDescription="Create one for each program that uses the API, so that each can be revoked on its own."
      />

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
