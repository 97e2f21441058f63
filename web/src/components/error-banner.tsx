import { type ReactNode, useEffect, useRef } from 'react';
import { DismissibleAlert } from './dismissible-alert.tsx';

/**
 * A failed request (spec developer-apps §8; spec admin §8 'Could not save' / 'Could not load'): a red,
 * dismissible banner titled "An error occurred", brought into view when it appears, since the action may have
 * been far up or down the card.
 */
export function ErrorBanner({
  title,
  message,
  onClose,
  children,
}: {
  title: string;
  message: string | null;
  onClose: () => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  if (!message) return null;
  return (
    <DismissibleAlert ref={ref} color="red" title={title} role="alert" onClose={onClose}>
      {message}
      {children}
    </DismissibleAlert>
  );
}
