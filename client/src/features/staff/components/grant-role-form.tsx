// Grant a staff role by username: the username, the role (each with what it may do), and the server's
// refusal in words beside the form (no such account, not verified, a contestant, the last owner).
import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#contract/auth/roles';
import { STAFF_MESSAGES } from '#contract/staff/messages';
import { FormAlert } from '@/components/form/form-alert';
import { SelectField, TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useSetStaffRoleMutation } from '../api/set-staff-role';
import { nowHoldsRole, roleChangeFailure, roleDescription } from '../content/roles';

const isRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

export function GrantRoleForm() {
  const headingId = useId();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState('');
  const [errors, setErrors] = useState<{ username?: string; role?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [setStaffRole, { isLoading }] = useSetStaffRoleMutation();
  const { t, i18n } = useLingui();
  const ct = useContractText();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const name = username.trim();
    const found = {
      username: name ? undefined : t`Enter the username of the account`,
      role: isRole(role) ? undefined : ct(STAFF_MESSAGES.roleInvalid),
    };
    setErrors(found);
    if (!name || !isRole(role)) return;
    try {
      const member = await setStaffRole({ username: name, role }).unwrap();
      notify.success(nowHoldsRole(member.username, role, i18n, ct));
      setUsername('');
      setRole('');
    } catch (error) {
      setFailure(roleChangeFailure(error, ct));
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-night-700 bg-night-900/90 p-5 shadow-xl sm:p-6">
      <h2 id={headingId} className="font-display text-xl font-bold text-bone-50">
        <Trans>Grant a role</Trans>
      </h2>
      <p className="mt-1 text-sm text-bone-400">
        <Trans>The account must exist, have verified its e-mail address, and not be a contestant.</Trans>
      </p>
      <div className="mt-5 grid gap-8 md:grid-cols-2">
        <form noValidate onSubmit={asyncHandler(onSubmit)} className="space-y-4" aria-describedby={failure ? `${headingId}-failure` : undefined}>
          <TextField
            label={t`Username`}
            name="username"
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={errors.username}
          />
          <SelectField
            label={t`Role`}
            name="role"
            required
            value={role}
            onChange={(e) => setRole(e.target.value)}
            error={errors.role}
            hint={isRole(role) ? roleDescription(role, i18n) : t`Each role and what it may do is listed below.`}
          >
            <option value="">{t`Choose a role`}</option>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ct(STAFF_ROLE_LABELS[r])}
              </option>
            ))}
          </SelectField>
          {failure ? (
            <div id={`${headingId}-failure`}>
              <FormAlert>{failure}</FormAlert>
            </div>
          ) : null}
          <Button type="submit" disabled={isLoading} aria-busy={isLoading} className="w-full sm:w-auto">
            <UserPlus aria-hidden="true" className="size-4" /> {isLoading ? t`Granting...` : t`Grant role`}
          </Button>
        </form>
        <dl className="space-y-3 border-t border-night-700 pt-5 text-sm md:border-t-0 md:border-l md:pt-0 md:pl-8">
          {STAFF_ROLES.map((r) => (
            <div key={r}>
              <dt className="font-semibold text-bone-50">{ct(STAFF_ROLE_LABELS[r])}</dt>
              <dd className="text-bone-200">{roleDescription(r, i18n)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
