// Contestant user menu: Your Profile, Account Settings, Help & Support, Sign out.
// Closes on an outside click; the keyboard as useDisclosureMenu handles it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { useGetCurrentUserQuery } from '@/lib/api/current-user';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { paths } from '@/lib/paths';
import { Avatar } from './avatar';
import { useDisclosureMenu } from './use-disclosure-menu';

const itemClass = 'block w-full px-4 py-2.5 text-left text-sm text-bone-50 hover:bg-night-700 hover:text-blood-300 focus-visible:bg-night-700';

export function UserMenu({ username }: { username: string }) {
  const { open, setOpen, close, rootRef, buttonRef, panelRef, rootProps } = useDisclosureMenu<HTMLDivElement>();
  const menuId = useId();
  const signOut = useSignOut();
  const { data: me, error } = useGetCurrentUserQuery(username);
  const { t } = useLingui();

  // The header picture is decoration: a failure to load it is only logged, never shown.
  useEffect(() => {
    if (error) console.warn('Could not load the profile picture for the header', error);
  }, [error]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open, rootRef, setOpen]);

  return (
    <div {...rootProps} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t`Open user menu`}
        onClick={() => setOpen((v) => !v)}
        className="flex rounded-full"
      >
        <Avatar username={username} pictureUrl={me?.contestant_profile?.pictures_urls?.[0]} />
      </button>
      <div
        ref={panelRef}
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-12 w-56 overflow-hidden rounded-md border border-night-600 bg-night-900 py-1 shadow-2xl"
      >
        <p className="truncate border-b border-night-700 px-4 py-2 text-xs text-bone-400">
          <Trans>
            Signed in as <span className="font-semibold text-bone-200">{username}</span>
          </Trans>
        </p>
        <ul>
          <li>
            <Link to={paths.profile(username)} onClick={close} className={itemClass}>
              <Trans>Your Profile</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.profileBasics()} onClick={close} className={itemClass}>
              <Trans>Account Settings</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.contactSupport()} onClick={close} className={itemClass}>
              <Trans>Help &amp; Support</Trans>
            </Link>
          </li>
          <li>
            <button type="button" onClick={signOut} className={itemClass}>
              <Trans>Sign out</Trans>
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
