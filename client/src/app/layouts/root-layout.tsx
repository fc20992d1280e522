// Wraps every route: scroll management, and nothing but 'Loading...' until auth state is known
// (spec 000 §4: the application renders its content only after loading ends).
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useProductName } from '@/lib/api/site';
import { selectAuth } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { ScrollManager } from './scroll-manager';

export function RootLayout() {
  const { loading } = useAppSelector(selectAuth);
  const productName = useProductName();
  useEffect(() => {
    document.title = productName;
  }, [productName]);
  return (
    <>
      <ScrollManager />
      {loading ? (
        <div role="status" className="flex min-h-screen items-center justify-center text-bone-200">
          Loading...
        </div>
      ) : (
        <Outlet />
      )}
    </>
  );
}
