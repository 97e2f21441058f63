import { type ComponentType, cloneElement, type ReactElement, useRef, useState } from 'react';

/** What a deferred control gets once loaded: its trigger (for Menu.Target or Popover.Target), and that it
 *  mounts because the trigger was clicked, so it opens at once. */
export type DeferredControlProps = { target: ReactElement; defaultOpened: boolean };

type TargetProps = {
  autoFocus?: boolean;
  onBlur?: () => void;
  onClick?: () => void;
  onFocus?: () => void;
  onPointerEnter?: () => void;
};

/**
 * A top-navigation control whose dropdown — a Mantine Menu or Popover, and floating-ui with it — is kept
 * out of the first page: `target` (the button) shows at once, its first hover or focus fetches the real
 * control, and its first click mounts it, open, with the same button (focused if the button was).
 */
export function DeferredControl({
  load,
  target,
}: {
  load: () => Promise<ComponentType<DeferredControlProps>>;
  target: ReactElement<TargetProps>;
}) {
  const [Loaded, setLoaded] = useState<ComponentType<DeferredControlProps>>();
  const [hasFocus, setHasFocus] = useState(false);
  const loading = useRef<Promise<ComponentType<DeferredControlProps>>>(undefined);

  // Hover and focus only fetch the chunk; the swap waits for the click, so it can never land between
  // a press and its release (the press would then be on a button no longer in the page).
  const prefetch = () => {
    loading.current ??= load().catch((error: unknown) => {
      // Offline or a stale deploy: the button stays, and the next hover or click tries again.
      loading.current = undefined;
      throw error;
    });
    return loading.current;
  };
  const handleClick = () => {
    prefetch().then(
      (component) => setLoaded(() => component),
      () => {},
    );
  };

  if (Loaded) return <Loaded target={cloneElement(target, { autoFocus: hasFocus })} defaultOpened />;
  return cloneElement(target, {
    onPointerEnter: () => void prefetch().catch(() => {}),
    onFocus: () => {
      setHasFocus(true);
      void prefetch().catch(() => {});
    },
    onBlur: () => setHasFocus(false),
    onClick: handleClick,
  });
}
