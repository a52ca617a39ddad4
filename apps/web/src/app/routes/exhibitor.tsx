import { ExternalLinkIcon, FileSpreadsheetIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DeleteAccountDialog } from '@/components/delete-account-dialog';
import { Detail, DetailList } from '@/components/detail-list';
import { PageHeader } from '@/components/layout/page-header';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { PurchaseTable } from '@/features/allocation-purchases/components/purchase-table';
import { HolderAllocations } from '@/features/allocations/components/holder-allocations';
import { RecordHistory } from '@/features/audit/components/record-history';
import { ExhibitorBadgeList } from '@/features/badges/components/exhibitor-badge-list';
import { BadgeLinkList } from '@/features/registration-links/components/badge-link-list';
import { useAnonymiseExhibitor } from '@/features/exhibitors/api/anonymise-exhibitor';
import { useDeleteExhibitor } from '@/features/exhibitors/api/delete-exhibitor';
import { useExhibitor } from '@/features/exhibitors/api/get-exhibitor';
import { ExhibitorForm } from '@/features/exhibitors/components/exhibitor-form';
import {
  EXHIBITOR_ANONYMISED,
  exhibitorDeleteDescription,
  exhibitorDisplayName,
  ExhibitorStatusBadge,
} from '@/features/exhibitors/components/exhibitor-status';
import { ResendInvitationButton } from '@/features/exhibitors/components/resend-invitation-button';
import { SubAccountList } from '@/features/sub-accounts/components/sub-account-list';
import { useCan } from '@/hooks/use-can';
import { formatDate, timeAgo } from '@/lib/format';

const TABS = ['sub-accounts', 'badges', 'allocations', 'purchases', 'history'] as const;
type Tab = (typeof TABS)[number];

/** ViewExhibitor: the exhibitor's profile, edited in place, with its sub-accounts and more as tabs. */
export function ExhibitorPage() {
  const params = useParams();
  const id = Number(params.exhibitorId);
  const exhibitor = useExhibitor(id);
  const can = useCan();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteExhibitor();
  const anonymise = useAnonymiseExhibitor();
  const editing = searchParams.get('edit') === '1' && can('update_exhibitor');
  const tabParam = searchParams.get('tab');
  const tab: Tab = TABS.find((value) => value === tabParam) ?? 'sub-accounts';
  const eventHref = paths.event.href({ id: params.eventId ?? 0 });

  if (exhibitor.isPending) return <RecordSkeleton />;
  if (exhibitor.isError)
    return (
      <RecordError
        error={exhibitor.error}
        noun="exhibitor"
        backTo={paths.exhibitors.href()}
        backLabel="Back to Exhibitor Profiles"
      />
    );
  const record = exhibitor.data;
  const name = exhibitorDisplayName(record);
  const setEditing = (on: boolean) => setSearchParams(on ? { edit: '1' } : {}, { replace: true });

  return (
    <>
      <PageHeader
        title={name}
        description={`Exhibitor at ${record.eventName}.`}
        back={{ to: can('view_events') ? eventHref : paths.exhibitors.href(), label: record.eventName }}
        actions={
          !editing && (
            <>
              {can('update_exhibitor') && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <PencilIcon aria-hidden />
                  Edit
                </Button>
              )}
              {can('delete_exhibitor') && (
                <Button variant="destructive" onClick={() => setDeleting(true)}>
                  <Trash2Icon aria-hidden />
                  Delete
                </Button>
              )}
            </>
          )
        }
      />

      <Card className="mb-6">
        <CardHeader>
          <CardTitle>{editing ? 'Edit exhibitor' : 'Profile'}</CardTitle>
        </CardHeader>
        <CardContent>
          {editing ? (
            <ExhibitorForm exhibitor={record} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
          ) : (
            <DetailList className="lg:grid-cols-3">
              <Detail label="Contact">{record.name}</Detail>
              <Detail label="Email">
                <a href={`mailto:${record.email}`} className="hover:text-primary hover:underline">
                  {record.email}
                </a>
              </Detail>
              <Detail label="Status">
                <ExhibitorStatusBadge exhibitor={record} />
                {!record.hasPassword && (
                  <>
                    <p className="mt-1 text-xs text-muted-foreground">Invited: has not chosen a password yet.</p>
                    {can('create_exhibitor') && (
                      <div className="mt-2">
                        <ResendInvitationButton exhibitor={record} />
                      </div>
                    )}
                  </>
                )}
              </Detail>
              <Detail label="Booth">{record.booth ?? '—'}</Detail>
              <Detail label="Hall">{record.hall ?? '—'}</Detail>
              <Detail label="Phone">{record.phone ?? '—'}</Detail>
              <Detail label="Website">
                {record.website ? (
                  <a
                    href={record.website}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="inline-flex items-center gap-1 break-all hover:text-primary hover:underline"
                  >
                    {record.website.replace(/^https?:\/\//, '')}
                    <ExternalLinkIcon aria-hidden className="size-3 shrink-0" />
                  </a>
                ) : (
                  '—'
                )}
              </Detail>
              <Detail label="Last sign-in">{record.lastLoginAt ? timeAgo(record.lastLoginAt) : 'Never'}</Detail>
              <Detail label="Created">{formatDate(record.createdAt)}</Detail>
              <Detail label="Profile" wide>
                {record.profile ? (
                  <p className="whitespace-pre-line">{record.profile}</p>
                ) : (
                  <span className="text-muted-foreground">No profile text yet.</span>
                )}
              </Detail>
            </DetailList>
          )}
        </CardContent>
      </Card>

      <Tabs
        value={tab}
        onValueChange={(value) => setSearchParams(value === 'sub-accounts' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label="Exhibitor sections">
          <TabsTrigger value="sub-accounts">Sub-accounts ({record.subAccountCount})</TabsTrigger>
          <TabsTrigger value="badges">Badges</TabsTrigger>
          <TabsTrigger value="allocations">Allocations</TabsTrigger>
          <TabsTrigger value="purchases">Purchases</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="sub-accounts">
          {can('create_sub_account') && (
            <div className="mb-3 flex flex-wrap justify-end gap-2">
              <Button asChild size="sm" variant="outline">
                <Link to={paths.subAccountsBulkImport.href({ eventId: record.eventId, exhibitorId: record.id })}>
                  <FileSpreadsheetIcon aria-hidden />
                  Import sub-accounts
                </Link>
              </Button>
              <Button asChild size="sm">
                <Link to={`${paths.subAccountsCreate.href()}?exhibitorId=${record.id}`}>
                  <PlusIcon aria-hidden />
                  Add sub-account
                </Link>
              </Button>
            </div>
          )}
          <SubAccountList exhibitorId={record.id} filtersByExhibitor />
        </TabsContent>
        <TabsContent value="badges">
          {can('create_exhibitor_user') && (
            <div className="mb-3 flex justify-end">
              <Button asChild size="sm" variant="outline">
                <Link to={paths.exhibitorUsersBulkImport.href({ eventId: record.eventId, exhibitorId: record.id })}>
                  <FileSpreadsheetIcon aria-hidden />
                  Import badges
                </Link>
              </Button>
            </div>
          )}
          <BadgeLinkList context={{ eventId: record.eventId, exhibitorId: record.id }} />
          <ExhibitorBadgeList exhibitorId={record.id} />
        </TabsContent>
        <TabsContent value="allocations">
          <HolderAllocations adminId={record.id} />
        </TabsContent>
        <TabsContent value="purchases">
          <PurchaseTable
            scope={{ exhibitorId: record.id }}
            emptyDescription="This exhibitor’s requests for more badges, and those of its sub-accounts, appear here."
          />
        </TabsContent>
        <TabsContent value="history">
          {/* Everything about the exhibitor's records: where its places went, and who changed what. */}
          <RecordHistory
            kind="exhibitor"
            id={record.id}
            showRecord
            emptyDescription="Changes to this exhibitor, its badges, allocations, purchases and sub-accounts appear here."
          />
        </TabsContent>
      </Tabs>

      <DeleteAccountDialog
        account={deleting ? { id: record.id, name } : null}
        noun="exhibitor"
        description={exhibitorDeleteDescription(record)}
        anonymiseDescription={EXHIBITOR_ANONYMISED}
        remove={remove}
        anonymise={anonymise}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(paths.exhibitors.href(), { replace: true })}
      />
    </>
  );
}
