import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';

export const FLASH_VISIBLE_MS = 3000;
export const FLASH_FADE_MS = 1000;

/** A message that stays 3 s, then fades out over 1 s and is gone. */
export function Flash({ message }: { message: string }) {
  const [phase, setPhase] = useState<'shown' | 'fading' | 'gone'>('shown');
  useEffect(() => {
    const fade = setTimeout(() => setPhase('fading'), FLASH_VISIBLE_MS);
    const gone = setTimeout(() => setPhase('gone'), FLASH_VISIBLE_MS + FLASH_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, []);
  if (phase === 'gone') return null;
  return (
    <Alert
      color="green"
      role="status"
      data-phase={phase}
      style={{ opacity: phase === 'fading' ? 0 : 1, transition: `opacity ${FLASH_FADE_MS}ms ease` }}
    >
      {message}
    </Alert>
  );
}
