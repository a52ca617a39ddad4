import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { EmailTemplateList } from '../components/email-template-list';

/** /email-templates */
export function EmailTemplatesPage() {
  return (
    <>
      <PageHeader
        title="Email Templates"
        description="The wording of the mails the portal sends, for every event or for one."
        actions={
          <Button asChild>
            <Link to={paths.emailTemplatesCreate.href()}>
              <PlusIcon aria-hidden />
              New template
            </Link>
          </Button>
        }
      />
      <EmailTemplateList />
    </>
  );
}
