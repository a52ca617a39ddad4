import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { subAccountHref } from '../components/sub-account-href';
import { SubAccountForm } from '../components/sub-account-form';

export function CreateSubAccountPage() {
  const navigate = useNavigate();
  const isExhibitor = useSession()?.type === 'exhibitor';
  // Coming from an exhibitor's page, the exhibitor is chosen already.
  const exhibitorId = Number(useSearchParams()[0].get('exhibitorId')) || undefined;
  return (
    <>
      <PageHeader
        title="Create Sub-Account"
        description={
          isExhibitor
            ? 'Give a colleague their own sign-in to register badges for your company.'
            : 'Give a colleague of an exhibitor their own sign-in.'
        }
        back={{ to: paths.subAccounts.href(), label: 'Sub-Accounts' }}
      />
      <Card className="max-w-2xl">
        <CardContent className="pt-5">
          <SubAccountForm
            subAccount={null}
            choosesExhibitor={!isExhibitor}
            exhibitorId={exhibitorId}
            cancelTo={paths.subAccounts.href()}
            onSaved={(saved) => navigate(subAccountHref(saved))}
          />
        </CardContent>
      </Card>
    </>
  );
}
