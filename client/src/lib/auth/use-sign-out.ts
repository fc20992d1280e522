import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useAppDispatch } from '../store/hooks';
import { signOut } from './auth-slice';

/** Signs out and goes to /login (the user menu's Sign out). */
export function useSignOut(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    // Navigate first so the guarded page is gone before the signed-out state renders.
    navigate(paths.login(), { replace: true });
    dispatch(signOut());
  }, [dispatch, navigate]);
}
