// The staff list: each member's username, name, e-mail, role, second factor and last sign-in; the role
// changes in place (choose, then Change) and is revoked after a confirmation. A refusal of the server
// shows above the list in words, naming the member.
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
import { notify } from '@/lib/toast';
import { useSetStaffRoleMutation } from '../api/set-staff-role';
import { roleArticle, roleChangeFailure } from '../content/roles';

export const STAFF_COLUMNS = ['Username', 'Name', 'E-mail', 'Role', 'Two-factor', 'Last sign-in', 'Actions'];

/** The signed-in owner's own role takes effect for them at their next sign-in (the token carries it). */
const OWN_ROLE_NOTE = 'Sign in again for your own new role to take effect.';

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
      notify.success(username === me ? `You are no longer staff. ${OWN_ROLE_NOTE}` : `${username} is no longer staff`);
    } catch (error) {
      setFailure({ username, message: roleChangeFailure(error) });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <>
      {failure ? (
        <div className="mb-4">
          <FormAlert>
            {`Could not change the role of ${failure.username}: `}
            {failure.message}
          </FormAlert>
        </div>
      ) : null}
      <Table caption="Staff members" columns={STAFF_COLUMNS} minWidth="md:min-w-[64rem]">
        {members.map((member) => (
          <StaffRow key={member.id} member={member} isMe={member.username === me} onFailure={setFailure} onRevoke={() => setRevoking(member)} />
        ))}
      </Table>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this staff role?"
        message={
          revoking
            ? `${revoking.username} will no longer be staff: the admin area closes to them.${revoking.username === me ? ' This is your own account.' : ''}`
            : ''
        }
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
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
  const selectId = `staff-role-${member.id}`;
  const name = `${member.first_name} ${member.last_name}`.trim();
  const changed = choice !== null && choice !== member.staff_role;

  const onChange = async () => {
    if (!changed) return;
    onFailure(null);
    try {
      await setStaffRole({ username: member.username, role: choice }).unwrap();
      notify.success(isMe ? `You are now ${roleArticle(choice)}. ${OWN_ROLE_NOTE}` : `${member.username} is now ${roleArticle(choice)}`);
    } catch (error) {
      onFailure({ username: member.username, message: roleChangeFailure(error) });
      setChoice(member.staff_role);
    }
  };

  return (
    <tr className={rowClass}>
      <Td label="Username" className="font-semibold text-bone-50">
        <span className="min-w-0 break-all">
          {member.username}
          {isMe ? <span className="ml-1 text-xs font-normal text-bone-400">(you)</span> : null}
        </span>
      </Td>
      <Td label="Name" className="md:whitespace-nowrap">
        {name || <span className="text-bone-400">—</span>}
      </Td>
      <Td label="E-mail">
        <span className="min-w-0 text-right [overflow-wrap:anywhere] md:whitespace-nowrap md:text-left">{member.email}</span>
      </Td>
      <Td label="Role">
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            asyncHandler(onChange)();
          }}
        >
          <label htmlFor={selectId} className="sr-only">
            {`Role of ${member.username}`}
          </label>
          <select
            id={selectId}
            value={choice ?? ''}
            onChange={(e) => setChoice(e.target.value as StaffRole)}
            disabled={isLoading}
            className={`${inputClass(false)} min-w-36 py-1.5 text-sm`}
          >
            {member.staff_role === null ? <option value="">No role</option> : null}
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          {changed ? (
            <Button type="submit" size="sm" variant="outline" disabled={isLoading} aria-busy={isLoading} aria-label={`Change the role of ${member.username}`}>
              <Check aria-hidden="true" className="size-4" /> {isLoading ? 'Changing...' : 'Change'}
            </Button>
          ) : null}
        </form>
      </Td>
      <Td label="Two-factor">{member.two_factor ? <Badge tone="green">On</Badge> : <Badge tone="gray">Off</Badge>}</Td>
      <Td label="Last sign-in" className="whitespace-nowrap">
        {member.last_login_at ? (
          <time dateTime={member.last_login_at}>{formatDateTime(member.last_login_at)}</time>
        ) : (
          <span className="text-bone-400">Never</span>
        )}
      </Td>
      <Td label="Actions">
        <Button size="sm" variant="ghost" onClick={onRevoke} disabled={member.staff_role === null} aria-label={`Revoke the role of ${member.username}`}>
          <UserMinus aria-hidden="true" className="size-4" /> Revoke
        </Button>
      </Td>
    </tr>
  );
}
