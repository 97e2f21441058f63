import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { importWithRetry } from './lazy.ts';

// Mantine's toast container (and the transition library it animates with) is fetched when the first
// toast is shown: `notifications.show()` only writes to a small store, which this host watches.
const Notifications = lazy(() =>
  importWithRetry(() => import('./notifications-container.ts')).then((module) => ({
    default: module.Notifications,
  })),
);

/** Mounts the toast container on the first `notifications.show()`, then keeps it. */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom right: a toast never covers the top navigation (the bell, the account menu). */}
      <Notifications position="bottom-right" />
    </Suspense>
  );
}
