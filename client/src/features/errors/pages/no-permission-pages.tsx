// The permission 404s of the layouts (docs/product.md#who-can-do-what).
import { Link } from 'react-router-dom';
import { STAFF_ROLE_LABELS, type StaffRole } from '#contract/auth/roles';
import { NOT_FOUND_MESSAGES as M } from '#contract/common/messages';
import { STAFF_MESSAGES } from '#contract/staff/messages';
import { buttonClass } from '@/components/ui/button-styles';
import { MessagePage } from '@/components/ui/message-page';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';

/** A superuser on a contestant page. */
export function SuperuserDeniedPage() {
  const ct = useContractText();
  return (
    <MessagePage mark="404" title={ct(M.adminOnlyTitle)}>
      <p>{ct(M.noPermission)}</p>
      <Link to={paths.admin.dashboard()} className={buttonClass('primary')}>
        Go to Admin Dashboard
      </Link>
    </MessagePage>
  );
}

/** Anyone but a superuser on an admin page. */
export function AdminOnlyPage({ signedIn }: { signedIn: boolean }) {
  const ct = useContractText();
  return (
    <MessagePage mark="404" title={ct(M.adminOnlyTitle)}>
      <p>{ct(M.adminOnlyBody)}</p>
      {signedIn ? (
        <Link to={paths.dashboard()} className={buttonClass('primary')}>
          Go to Dashboard
        </Link>
      ) : (
        <Link to={paths.home()} className={buttonClass('primary')}>
          Go to Home
        </Link>
      )}
    </MessagePage>
  );
}

/** A staff member on an admin page their role does not open (`page`: its title). */
export function StaffDeniedPage({ page, role }: { page?: string; role: StaffRole | null }) {
  const ct = useContractText();
  const subject = page ? `The ${page} page` : 'This page';
  return (
    <MessagePage mark="403" title={ct(STAFF_MESSAGES.permissionRequired)}>
      <p>
        {role ? `${subject} is not part of the ${STAFF_ROLE_LABELS[role]} role.` : `${subject} needs a staff role, and your account holds none.`} An owner can
        change your role.
      </p>
      <Link to={paths.admin.dashboard()} className={buttonClass('primary')}>
        Go to Admin Dashboard
      </Link>
    </MessagePage>
  );
}
