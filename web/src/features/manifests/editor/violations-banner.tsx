import { Alert, Anchor, Code, Collapse, List, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ManifestViolation } from '@portal/contracts';
import { contentViolationsSummary, MANIFEST_MESSAGES } from '@portal/contracts/manifest-rules';
import { useTranslation } from 'react-i18next';
import { errorsJoined } from '../../../lib/api.ts';
import type { ValidationState } from './use-manifest-validation.ts';

/** One violation: where in the manifest (a JSON pointer) and what is wrong. */
function ViolationItem({ violation }: { violation: ManifestViolation }) {
  return (
    <List.Item>
      <Code>{violation.pointer || '/'}</Code> {violation.message}
    </List.Item>
  );
}

/**
 * The server's violations: one is shown as it is; more collapse to a count with Show/Hide
 * (spec developer-apps §8).
 */
export function ViolationsList({ errors }: { errors: ManifestViolation[] }) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  const list = (
    // Up to 100 violations: the list scrolls rather than pushing the editor off the screen.
    <ScrollArea.Autosize mah={160} type="auto">
      <List size="sm" spacing={4}>
        {errors.map((violation) => (
          <ViolationItem key={`${violation.pointer} ${violation.message}`} violation={violation} />
        ))}
      </List>
    </ScrollArea.Autosize>
  );
  if (errors.length === 1) return list;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {contentViolationsSummary(errors.length)}{' '}
        <Anchor component="button" type="button" size="sm" onClick={toggle} aria-expanded={opened}>
          {opened ? t('manifests.violations.hide') : t('manifests.violations.show')}
        </Anchor>
      </Text>
      <Collapse expanded={opened} keepMounted={false}>
        {list}
      </Collapse>
    </Stack>
  );
}

/**
 * The editor's validation banner (spec developer-apps §8): unreadable JSON, the validation call's own error
 * under an Error title, or the draft's violations. Nothing while the draft passes or is being checked.
 */
export function ViolationsBanner({ state }: { state: ValidationState }) {
  const { t } = useTranslation();
  if (state.status === 'invalid_json') {
    return (
      <Alert color="red" title={t('manifests.violations.errorTitle')} role="alert">
        {MANIFEST_MESSAGES.invalidJson}
      </Alert>
    );
  }
  if (state.status === 'failed') {
    const fallback = state.error instanceof Error ? state.error.message : t('manifests.errors.generic');
    return (
      <Alert color="red" title={t('manifests.violations.errorTitle')} role="alert">
        {errorsJoined(state.error, fallback)}
      </Alert>
    );
  }
  if (state.status !== 'violations') return null;
  return (
    <Alert color="red" title={t('manifests.violations.title')} role="alert">
      <ViolationsList errors={state.errors} />
    </Alert>
  );
}
