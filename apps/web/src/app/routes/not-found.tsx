import { ArrowLeftIcon, CompassIcon, HomeIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StandalonePage } from './standalone-page';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <StandalonePage
      code="404"
      icon={CompassIcon}
      title="Page Not Found"
      description="The page you are looking for does not exist or has moved."
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
