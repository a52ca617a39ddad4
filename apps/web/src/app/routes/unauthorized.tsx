import { ArrowLeftIcon, HomeIcon, ShieldXIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StandalonePage } from './standalone-page';

export default function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <StandalonePage
      code="403"
      icon={ShieldXIcon}
      title="Access Denied"
      description="You do not have permission to view this page. If you think you should, ask an administrator of your event."
      actions={
        <>
          <Button variant="outline" onClick={() => navigate(-1)}>
            <ArrowLeftIcon aria-hidden />
            Go Back
          </Button>
          <Button asChild>
            <Link to={paths.home.href()}>
              <HomeIcon aria-hidden />
              Go Home
            </Link>
          </Button>
        </>
      }
    />
  );
}
