// The permission 404s of the layouts (docs/product.md#who-can-do-what).
import { Trans, useLingui } from '@lingui/react/macro';
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
        <Trans>Go to Admin Dashboard</Trans>
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
          <Trans>Go to Dashboard</Trans>
        </Link>
      ) : (
        <Link to={paths.home()} className={buttonClass('primary')}>
          <Trans>Go to Home</Trans>
        </Link>
      )}
    </MessagePage>
  );
}

/** A staff member on an admin page their role does not open (`page`: its title). */
export function StaffDeniedPage({ page, role }: { page?: string; role: StaffRole | null }) {
  const { t } = useLingui();
  const ct = useContractText();
  const roleName = role ? ct(STAFF_ROLE_LABELS[role]) : '';
  let text: string;
  // Each case one whole sentence pair, so a language words the page's name and the role its own way.
  if (page && role) text = t`The ${page} page is not part of the ${roleName} role. An owner can change your role.`;
  else if (page) text = t`The ${page} page needs a staff role, and your account holds none. An owner can change your role.`;
  else if (role) text = t`This page is not part of the ${roleName} role. An owner can change your role.`;
  else text = t`This page needs a staff role, and your account holds none. An owner can change your role.`;
  return (
    <MessagePage mark="403" title={ct(STAFF_MESSAGES.permissionRequired)}>
      <p>{text}</p>
      <Link to={paths.admin.dashboard()} className={buttonClass('primary')}>
        <Trans>Go to Admin Dashboard</Trans>
      </Link>
    </MessagePage>
  );
}
