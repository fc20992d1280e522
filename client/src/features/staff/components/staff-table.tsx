// The staff list: each member's username, name, e-mail, role, second factor and last sign-in; the role
// changes in place (choose, then Change) and is revoked after a confirmation. A refusal of the server
// shows above the list in words, naming the member.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, UserMinus } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#contract/auth/roles';
import type { StaffMember } from '#contract/staff/answers';
import { inputClass } from '@/components/form/field-styles';
import { FormAlert } from '@/components/form/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { rowClass, Table, Td } from '@/components/ui/table';
import { asyncHandler } from '@/lib/async-handler';
import { formatDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useSetStaffRoleMutation } from '../api/set-staff-role';
import { nowHoldsRole, roleChangeFailure, youNowHoldRole } from '../content/roles';

const COLUMN_LABELS = {
  username: msg`Username`,
  name: msg`Name`,
  email: msg`E-mail`,
  role: msg`Role`,
  twoFactor: msg`Two-factor`,
  lastSignIn: msg`Last sign-in`,
  actions: msg`Actions`,
} satisfies Record<string, MessageDescriptor>;

export const STAFF_COLUMNS = Object.keys(COLUMN_LABELS) as (keyof typeof COLUMN_LABELS)[];

interface Failure {
  username: string;
  message: string;
}

/** `listHeading` takes the focus once a revoked member's row (and the Revoke button that had it) is gone. */
export function StaffTable({ members, me, listHeading }: { members: StaffMember[]; me: string | undefined; listHeading: RefObject<HTMLElement | null> }) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [revoking, setRevoking] = useState<StaffMember | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const [setStaffRole, { isLoading: revokePending }] = useSetStaffRoleMutation();
  const { t, i18n } = useLingui();
  const ct = useContractText();

  useEffect(() => {
    if (revoked === null || members.some((m) => m.username === revoked)) return;
    setRevoked(null);
    listHeading.current?.focus();
  }, [members, revoked, listHeading]);

  const onRevoke = async () => {
    if (!revoking) return;
    const { username } = revoking;
    setFailure(null);
    try {
      await setStaffRole({ username, role: null }).unwrap();
      setRevoked(username);
      notify.success(username === me ? t`You are no longer staff. Sign in again for your own new role to take effect.` : t`${username} is no longer staff`);
    } catch (error) {
      setFailure({ username, message: roleChangeFailure(error, ct) });
    } finally {
      setRevoking(null);
    }
  };

  const failedUsername = failure?.username;
  const failedMessage = failure?.message;
  let revokeMessage = '';
  if (revoking) {
    const revokedUsername = revoking.username;
    revokeMessage =
      revokedUsername === me
        ? t`${revokedUsername} will no longer be staff: the admin area closes to them. This is your own account.`
        : t`${revokedUsername} will no longer be staff: the admin area closes to them.`;
  }

  return (
    <>
      {failure ? (
        <div className="mb-4">
          <FormAlert>{t`Could not change the role of ${failedUsername}: ${failedMessage}`}</FormAlert>
        </div>
      ) : null}
      <Table caption={t`Staff members`} columns={STAFF_COLUMNS.map((column) => i18n._(COLUMN_LABELS[column]))} minWidth="md:min-w-[64rem]">
        {members.map((member) => (
          <StaffRow key={member.id} member={member} isMe={member.username === me} onFailure={setFailure} onRevoke={() => setRevoking(member)} />
        ))}
      </Table>
      <ConfirmDialog
        open={revoking !== null}
        title={t`Revoke this staff role?`}
        message={revokeMessage}
        confirmLabel={t`Revoke`}
        pendingLabel={t`Revoking...`}
        pending={revokePending}
        onConfirm={asyncHandler(onRevoke)}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}

function StaffRow({
  member,
  isMe,
  onFailure,
  onRevoke,
}: {
  member: StaffMember;
  isMe: boolean;
  onFailure: (failure: Failure | null) => void;
  onRevoke: () => void;
}) {
  const [choice, setChoice] = useState<StaffRole | null>(member.staff_role);
  const [setStaffRole, { isLoading }] = useSetStaffRoleMutation();
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const label = (column: keyof typeof COLUMN_LABELS) => i18n._(COLUMN_LABELS[column]);
  const username = member.username;
  const selectId = `staff-role-${member.id}`;
  const name = `${member.first_name} ${member.last_name}`.trim();
  const changed = choice !== null && choice !== member.staff_role;

  const onChange = async () => {
    if (!changed) return;
    onFailure(null);
    try {
      await setStaffRole({ username: member.username, role: choice }).unwrap();
      notify.success(isMe ? youNowHoldRole(choice, i18n, ct) : nowHoldsRole(member.username, choice, i18n, ct));
    } catch (error) {
      onFailure({ username: member.username, message: roleChangeFailure(error, ct) });
      setChoice(member.staff_role);
    }
  };

  return (
    <tr className={rowClass}>
      <Td label={label('username')} className="font-semibold text-bone-50">
        <span className="min-w-0 break-all">
          {member.username}
          {isMe ? (
            <span className="ml-1 text-xs font-normal text-bone-400">
              <Trans>(you)</Trans>
            </span>
          ) : null}
        </span>
      </Td>
      <Td label={label('name')} className="md:whitespace-nowrap">
        {name || <span className="text-bone-400">—</span>}
      </Td>
      <Td label={label('email')}>
        <span className="min-w-0 text-right [overflow-wrap:anywhere] md:whitespace-nowrap md:text-left">{member.email}</span>
      </Td>
      <Td label={label('role')}>
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            asyncHandler(onChange)();
          }}
        >
          <label htmlFor={selectId} className="sr-only">
            {t`Role of ${username}`}
          </label>
          <select
            id={selectId}
            value={choice ?? ''}
            onChange={(e) => setChoice(e.target.value as StaffRole)}
            disabled={isLoading}
            className={`${inputClass(false)} min-w-36 py-1.5 text-sm`}
          >
            {member.staff_role === null ? <option value="">{t`No role`}</option> : null}
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ct(STAFF_ROLE_LABELS[r])}
              </option>
            ))}
          </select>
          {changed ? (
            <Button type="submit" size="sm" variant="outline" disabled={isLoading} aria-busy={isLoading} aria-label={t`Change the role of ${username}`}>
              <Check aria-hidden="true" className="size-4" /> {isLoading ? t`Changing...` : t`Change`}
            </Button>
          ) : null}
        </form>
      </Td>
      <Td label={label('twoFactor')}>
        {member.two_factor ? (
          <Badge tone="green">
            <Trans>On</Trans>
          </Badge>
        ) : (
          <Badge tone="gray">
            <Trans>Off</Trans>
          </Badge>
        )}
      </Td>
      <Td label={label('lastSignIn')} className="whitespace-nowrap">
        {member.last_login_at ? (
          <time dateTime={member.last_login_at}>{formatDateTime(member.last_login_at)}</time>
        ) : (
          <span className="text-bone-400">
            <Trans>Never</Trans>
          </span>
        )}
      </Td>
      <Td label={label('actions')}>
        <Button size="sm" variant="ghost" onClick={onRevoke} disabled={member.staff_role === null} aria-label={t`Revoke the role of ${username}`}>
          <UserMinus aria-hidden="true" className="size-4" /> <Trans>Revoke</Trans>
        </Button>
      </Td>
    </tr>
  );
}
