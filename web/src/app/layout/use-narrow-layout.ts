import { useEffect, useState } from 'react';

export const NARROW_BELOW_PX = 1100;
export const RESIZE_THROTTLE_MS = 300;

/** True below 1100 px; resize events are throttled to one check per 300 ms. */
export function useNarrowLayout(): boolean {
  const [narrow, setNarrow] = useState(() => window.innerWidth < NARROW_BELOW_PX);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        setNarrow(window.innerWidth < NARROW_BELOW_PX);
      }, RESIZE_THROTTLE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return narrow;
}
