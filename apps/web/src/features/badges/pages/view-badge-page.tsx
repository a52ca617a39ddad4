import type { Badge } from '@portal/shared/badges';
import { formatBytes, type CustomField } from '@portal/shared/custom-fields';
import { BADGE_TYPE_LABELS } from '@portal/shared/badge-categories';
import { BanIcon, DownloadIcon, MailIcon, PencilIcon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { answerText } from '@/components/custom-fields/custom-field-rules';
import { Detail, DetailList } from '@/components/detail-list';
import { PageHeader } from '@/components/layout/page-header';
import { QrCode } from '@/components/qr-code';
import { RecordError, RecordSkeleton } from '@/components/record-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { HistorySection } from '@/features/audit/components/record-history';
import { PrintBadgeButton } from '@/features/badge-prints/components/print-badge-button';
import { useCan } from '@/hooks/use-can';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDeleteBadge } from '../api/delete-badge';
import { useDownloadAnswerFile } from '../api/download-answer-file';
import { useResendBadge } from '../api/resend-badge';
import { useBadge } from '../api/get-badge';
import { useCategoryFields } from '../api/get-category-fields';
import { useUpdateBadge } from '../api/update-badge';
import { BadgeStatusBadge } from '../components/badge-status-badge';

function answerShown(answer: Badge['customFieldValues'][number], field: CustomField | undefined): string {
  if (answer.file) return `${answer.file.name} (${formatBytes(answer.file.sizeBytes)})`;
  return answerText(answer, field);
}

/** /view-user/:id: a badge with its QR code, answers, files and add-ons. */
export function ViewBadgePage() {
  const id = Number(useParams().id);
  const badge = useBadge(id);
  // The definitions turn stored values into their labels; without them the values show as stored.
  const categoryFields = useCategoryFields(badge.data?.badgeCategoryId ?? null);
  const update = useUpdateBadge();
  const remove = useDeleteBadge();
  const download = useDownloadAnswerFile();
  const resend = useResendBadge();
  const navigate = useNavigate();
  const can = useCan();
  const [confirm, setConfirm] = useState<'delete' | 'cancel' | 'resend' | null>(null);

  if (badge.isPending) return <RecordSkeleton />;
  if (badge.isError)
    return <RecordError error={badge.error} noun="badge" backTo={paths.users.href()} backLabel="Badges" />;
  const b = badge.data;
  const fields = new Map((categoryFields.data ?? []).map((field) => [field.id, field]));
  const listHref = paths.usersByCategory.href({ badgeCategoryId: b.badgeCategoryId });
  const canEdit = can('update_user') || can('update_exhibitor_user');

  function setStatus(status: Badge['status']) {
    update.mutate(
      { id, body: { status } },
      {
        onSuccess: () => toast.success(status === 'active' ? 'Badge reactivated' : 'Badge cancelled'),
        onError: (error) => toast.error(errorMessage(error, 'The badge could not be changed')),
        onSettled: () => setConfirm(null),
      },
    );
  }

  function resendBadge() {
    resend.mutate(id, {
      onSuccess: (sent) => toast.success(`Badge sent to ${sent.toAddress}`),
      onError: (error) => toast.error(errorMessage(error, 'The badge could not be sent')),
      onSettled: () => setConfirm(null),
    });
  }

  function deleteBadge() {
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(`${b.name}’s badge deleted`);
        navigate(listHref);
      },
      onError: (error) => {
        toast.error(errorMessage(error, 'The badge could not be deleted'));
        setConfirm(null);
      },
    });
  }

  return (
    <>
      <PageHeader
        title={b.name}
        description={`${b.badgeCategory.name} · ${b.eventName}`}
        back={{ to: listHref, label: b.badgeCategory.name }}
        actions={
          <>
            {can('print_badges') && <PrintBadgeButton badge={b} />}
            {can('update_user') && (
              <Button asChild variant="outline">
                <Link to={paths.editUser.href({ id })}>
                  <PencilIcon aria-hidden />
                  Edit
                </Link>
              </Button>
            )}
            {canEdit && b.status === 'active' && (
              <Button variant="outline" onClick={() => setConfirm('resend')}>
                <MailIcon aria-hidden />
                Resend badge
              </Button>
            )}
            {canEdit &&
              (b.status === 'active' ? (
                <Button variant="outline" onClick={() => setConfirm('cancel')}>
                  <BanIcon aria-hidden />
                  Cancel badge
                </Button>
              ) : (
                <Button variant="outline" disabled={update.isPending} onClick={() => setStatus('active')}>
                  <RotateCcwIcon aria-hidden />
                  Reactivate
                </Button>
              ))}
            {(can('delete_exhibitor_user') || can('delete_user')) && (
              <Button variant="destructive" onClick={() => setConfirm('delete')}>
                <Trash2Icon aria-hidden />
                Delete
              </Button>
            )}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Badge holder</CardTitle>
            </CardHeader>
            <CardContent>
              <DetailList>
                <Detail label="Email">{b.email}</Detail>
                <Detail label="Phone">{b.phone ?? '—'}</Detail>
                <Detail label="Company">{b.companyName ?? '—'}</Detail>
                <Detail label="Badge type">{BADGE_TYPE_LABELS[b.type]}</Detail>
                <Detail label="Status">
                  <BadgeStatusBadge status={b.status} />
                </Detail>
                <Detail label="Registered">
                  {formatDate(b.createdAt)}
                  {b.createdByName && <span className="text-muted-foreground"> by {b.createdByName}</span>}
                </Detail>
                <Detail label="Printed">
                  {b.printCount === 0 || !b.lastPrintedAt ? (
                    <span className="text-muted-foreground">Not printed yet</span>
                  ) : (
                    <>
                      {b.printCount === 1 ? 'Once' : `${b.printCount} times`}, last on {formatDate(b.lastPrintedAt)}
                      {b.lastPrintedBy && <span className="text-muted-foreground"> by {b.lastPrintedBy}</span>}
                    </>
                  )}
                </Detail>
                {b.leadConsent && (
                  <Detail label="Lead consent">
                    Consented to share contact details (version {b.leadConsent.version})
                    <span className="text-muted-foreground"> on {formatDate(b.leadConsent.at)}</span>
                  </Detail>
                )}
              </DetailList>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Registration details</CardTitle>
            </CardHeader>
            <CardContent>
              {b.customFieldValues.length === 0 ? (
                <p className="text-sm text-muted-foreground">No custom fields were answered.</p>
              ) : (
                <DetailList>
                  {b.customFieldValues.map((answer) => (
                    <Detail key={answer.customFieldId} label={answer.label}>
                      {answerShown(answer, fields.get(answer.customFieldId))}
                      {answer.file && (
                        <Button
                          variant="link"
                          size="sm"
                          className="ml-2 h-auto p-0"
                          disabled={download.isPending}
                          aria-label={`Download ${answer.file.name}`}
                          onClick={() =>
                            download.mutate(
                              { badgeId: id, customFieldId: answer.customFieldId, fileName: answer.file!.name },
                              {
                                onError: (error) =>
                                  toast.error(errorMessage(error, 'The file could not be downloaded')),
                              },
                            )
                          }
                        >
                          <DownloadIcon aria-hidden />
                          Download
                        </Button>
                      )}
                    </Detail>
                  ))}
                </DetailList>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Add-ons</CardTitle>
            </CardHeader>
            <CardContent>
              {b.addons.length === 0 ? (
                <p className="text-sm text-muted-foreground">No add-ons.</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {b.addons.map((addon) => (
                    <li key={addon.id} className="rounded-full border px-3 py-1 text-sm">
                      {addon.name}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
        <Card className="content-start">
          <CardHeader>
            <CardTitle>Badge code</CardTitle>
          </CardHeader>
          <CardContent className="grid justify-items-center gap-3">
            <QrCode value={b.code} label={`QR code of badge ${b.code}`} className="w-48 max-w-full rounded-md border" />
            <code className="font-mono text-sm tracking-wider break-all">{b.code}</code>
          </CardContent>
        </Card>
      </div>

      <HistorySection kind="badge" id={b.id} className="mt-6" />

      <ConfirmDialog
        open={confirm === 'cancel'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Cancel this badge?"
        description={`${b.name}’s badge stops being valid and its place returns to the allocation. You can reactivate it later while places are free.`}
        confirmLabel="Cancel badge"
        pending={update.isPending}
        onConfirm={() => setStatus('cancelled')}
      />
      <ConfirmDialog
        open={confirm === 'resend'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Email the badge again?"
        description={`${b.name} receives the badge as a PDF with its QR code at ${b.email}.`}
        confirmLabel="Resend badge"
        destructive={false}
        pending={resend.isPending}
        onConfirm={resendBadge}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Delete this badge?"
        description={`${b.name}’s badge and its answers will be deleted permanently. This cannot be undone.`}
        confirmLabel="Delete badge"
        pending={remove.isPending}
        onConfirm={deleteBadge}
      />
    </>
  );
}
