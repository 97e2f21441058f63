import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/config.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** Sends anonymous visitors to sign in, then back here. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user)
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return children;
}

/** Admin pages do not exist for anyone else (the server refuses their calls too). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  if (user.role !== 'admin') return <NotFoundPage />;
  return children;
}
