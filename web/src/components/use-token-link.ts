import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The `?token=` of a link from an e-mail, and its one action (`send`) run once when the page opens
 * with a token: a one-click link does its work on arrival.
 */
export function useTokenLink(send: (token: string) => void): string {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    send(token);
  }, [token, send]);
  return token;
}
