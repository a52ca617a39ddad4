import { FileSpreadsheetIcon, KeyRoundIcon, PencilIcon, PowerIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DeleteAccountDialog } from '@/components/delete-account-dialog';
import { Detail, DetailList } from '@/components/detail-list';
import { FormDialog } from '@/components/form/form-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { HistorySection } from '@/features/audit/components/record-history';
import { useCan } from '@/hooks/use-can';
import { errorMessage } from '@/lib/api-client';
import { formatDate, timeAgo } from '@/lib/format';
import { useAnonymiseSubAccount } from '../api/anonymise-sub-account';
import { useDeleteSubAccount } from '../api/delete-sub-account';
import { useSubAccount } from '../api/get-sub-account';
import { useUpdateSubAccount } from '../api/update-sub-account';
import { ResetPasswordForm } from '../components/reset-password-form';
import { SubAccountForm } from '../components/sub-account-form';
import { SUB_ACCOUNT_ANONYMISED, SubAccountStatusBadge } from '../components/sub-account-status';

/** ViewSubAccount: the sub-account, edited in place, with deactivate, password reset and delete (or anonymise). */
export function SubAccountPage() {
  const params = useParams();
  const id = Number(params.subAccountId);
  const subAccount = useSubAccount(id);
  const can = useCan();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = searchParams.get('edit') === '1' && can('create_sub_account');
  const [dialog, setDialog] = useState<'password' | 'deactivate' | 'delete' | null>(null);
  const update = useUpdateSubAccount();
  const remove = useDeleteSubAccount();
  const anonymise = useAnonymiseSubAccount();

  // Admins come from the exhibitor's page; an exhibitor from its own list.
  const back =
    can('view_exhibitors') && params.eventId && params.exhibitorId
      ? {
          to: paths.eventExhibitor.href({ eventId: params.eventId, exhibitorId: params.exhibitorId }),
          label: 'Exhibitor',
        }
      : { to: paths.subAccounts.href(), label: 'Sub-Accounts' };
  const setEditing = (on: boolean) => setSearchParams(on ? { edit: '1' } : {}, { replace: true });

  if (subAccount.isPending) return <RecordSkeleton />;
  if (subAccount.isError)
    return <RecordError error={subAccount.error} noun="sub-account" backTo={back.to} backLabel="Go back" />;
  const account = subAccount.data;
  const canManage = can('create_sub_account');

  function toggleActive() {
    update.mutate(
      { id: account.id, body: { isActive: !account.isActive } },
      {
        onSuccess: () =>
          toast.success(account.isActive ? `${account.name} deactivated` : `${account.name} reactivated`),
        onError: (error) => toast.error(errorMessage(error, 'The sub-account could not be changed')),
        onSettled: () => setDialog(null),
      },
    );
  }

  return (
    <>
      <PageHeader
        title={account.name}
        description={`Sub-account of ${account.companyName ?? account.exhibitorName}${account.eventName ? ` at ${account.eventName}` : ''}.`}
        back={back}
        actions={
          canManage &&
          !editing && (
            <>
              {can('create_exhibitor_user') && account.eventId != null && (
                <Button asChild variant="outline">
                  <Link
                    to={paths.subAccountUsersBulkImport.href({
                      eventId: account.eventId,
                      exhibitorId: account.exhibitorId,
                      subAccountId: account.id,
                    })}
                  >
                    <FileSpreadsheetIcon aria-hidden />
                    Import badges
                  </Link>
                </Button>
              )}
              <Button variant="outline" onClick={() => setEditing(true)}>
                <PencilIcon aria-hidden />
                Edit
              </Button>
              <Button variant="outline" onClick={() => setDialog('password')}>
                <KeyRoundIcon aria-hidden />
                Reset password
              </Button>
              <Button variant="outline" onClick={() => (account.isActive ? setDialog('deactivate') : toggleActive())}>
                <PowerIcon aria-hidden />
                {account.isActive ? 'Deactivate' : 'Reactivate'}
              </Button>
              <Button variant="destructive" onClick={() => setDialog('delete')}>
                <Trash2Icon aria-hidden />
                Delete
              </Button>
            </>
          )
        }
      />
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>{editing ? 'Edit sub-account' : 'Details'}</CardTitle>
        </CardHeader>
        <CardContent>
          {editing ? (
            <SubAccountForm
              subAccount={account}
              choosesExhibitor={false}
              onSaved={() => setEditing(false)}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <DetailList>
              <Detail label="Email">{account.email}</Detail>
              <Detail label="Status">
                <SubAccountStatusBadge isActive={account.isActive} />
              </Detail>
              <Detail label="Exhibitor">{account.companyName ?? account.exhibitorName}</Detail>
              <Detail label="Event">{account.eventName ?? '—'}</Detail>
              <Detail label="Last sign-in">{account.lastLoginAt ? timeAgo(account.lastLoginAt) : 'Never'}</Detail>
              <Detail label="Created">{formatDate(account.createdAt)}</Detail>
            </DetailList>
          )}
        </CardContent>
      </Card>

      <HistorySection kind="sub-account" id={account.id} className="mt-6 max-w-2xl" />

      <FormDialog
        open={dialog === 'password'}
        onClose={() => setDialog(null)}
        title="Reset password"
        description={`Choose a new password for ${account.name}, and pass it on to them.`}
      >
        <ResetPasswordForm subAccountId={account.id} onDone={() => setDialog(null)} />
      </FormDialog>
      <ConfirmDialog
        open={dialog === 'deactivate'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Deactivate this sub-account?"
        description={`${account.name} will no longer be able to sign in until the sub-account is reactivated. Its badges stay.`}
        confirmLabel="Deactivate"
        pending={update.isPending}
        onConfirm={toggleActive}
      />
      <DeleteAccountDialog
        account={dialog === 'delete' ? account : null}
        noun="sub-account"
        description={`${account.name} will lose access and be deleted permanently. This cannot be undone.`}
        anonymiseDescription={SUB_ACCOUNT_ANONYMISED}
        remove={remove}
        anonymise={anonymise}
        onClose={() => setDialog(null)}
        onDeleted={() => navigate(back.to, { replace: true })}
      />
    </>
  );
}
