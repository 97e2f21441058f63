import { Button, Tooltip } from '@mantine/core';
import { hasServiceAccount } from '@portal/contracts/manifest-rules';
import { useTranslation } from 'react-i18next';
import type { ValidationState } from './use-manifest-validation.ts';

/**
 * The permission builder's button (spec developer-apps §5): enabled once the draft passed and has a service account;
 * otherwise its tooltip says why not.
 */
export function PermissionsButton({ state, onOpen }: { state: ValidationState; onOpen: () => void }) {
  const { t } = useTranslation();
  const isChecking = state.status === 'pending' || state.status === 'validating';
  const canBuild = state.status === 'passed' && hasServiceAccount(state.content);
  return (
    <Tooltip
      label={
        isChecking
          ? t('manifests.editor.permissionsWaiting')
          : state.status === 'passed'
            ? t('manifests.editor.permissionsNeedServiceAccount')
            : t('manifests.editor.permissionsFixErrors')
      }
      disabled={canBuild}
      withinPortal={false}
    >
      {/* A span, so the tooltip still shows over a disabled button. */}
      <span>
        <Button variant="default" size="xs" disabled={!canBuild} onClick={onOpen}>
          {t('manifests.editor.permissions')}
        </Button>
      </span>
    </Tooltip>
  );
}
