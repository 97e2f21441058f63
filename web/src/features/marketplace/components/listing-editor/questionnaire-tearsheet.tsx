import { Badge, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SecurityQuestion, SecurityQuestionnaire } from '@portal/contracts';
import { countryName, SECURITY_STANDARDS } from '@portal/contracts/marketplace-catalog';
import { useTranslation } from 'react-i18next';

/** The questionnaire's four blocks: what each groups, and the details shown under a yes. */
const BLOCKS: { key: string; fields: (SecurityQuestion | 'company')[] }[] = [
  { key: 'company', fields: ['company'] },
  {
    key: 'data',
    fields: [
      'has_subprocessors',
      'has_sensitive_data',
      'has_data_encryption_at_rest',
      'has_data_encryption_in_transit',
    ],
  },
  {
    key: 'program',
    fields: [
      'has_security_contact',
      'has_security_audits',
      'has_security_standards',
      'has_penetration_testing',
      'can_notify_procore',
      'has_disclosure_program',
      'has_bug_bounty_program',
    ],
  },
  { key: 'access', fields: ['has_sso_support', 'has_saml_support', 'has_mfa_support', 'has_fas_support'] },
];

function details(q: SecurityQuestionnaire, question: SecurityQuestion): string | null {
  switch (question) {
    case 'has_subprocessors':
      return q.subprocessors_details;
    case 'has_sensitive_data':
      return q.sensitive_data_handling_details;
    case 'has_security_contact':
      return q.security_email;
    case 'has_disclosure_program':
      return q.disclosure_program_url;
    case 'has_security_standards':
      return (
        [
          ...q.security_standard_ids.map((id) => {
            const standard = SECURITY_STANDARDS.find((s) => s.id === id);
            return standard
              ? [standard.standard_name, standard.variant].filter(Boolean).join(' ')
              : String(id);
          }),
          q.other_security_standards,
        ]
          .filter(Boolean)
          .join(', ') || null
      );
    case 'has_sso_support':
      return [...q.sso_providers, q.other_sso_providers].filter(Boolean).join(', ') || null;
    default:
      return null;
  }
}

/**
 * The questionnaire tearsheet (spec developer-apps §2): a read-only view on the right, 900 px wide, the
 * answers explained in four blocks, and a close button.
 */
export function QuestionnaireTearsheet({
  questionnaire: q,
  opened,
  onClose,
}: {
  questionnaire: SecurityQuestionnaire;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const answer = (value: boolean | null) =>
    value === null ? (
      <Badge color="gray" variant="light">
        {t('marketplace.tearsheet.unanswered')}
      </Badge>
    ) : value ? (
      <Badge color="green" variant="light">
        {t('marketplace.yes')}
      </Badge>
    ) : (
      <Badge color="red" variant="light">
        {t('marketplace.no')}
      </Badge>
    );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={900}
      title={t('marketplace.tearsheet.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        {BLOCKS.map((block) => (
          <Paper key={block.key} withBorder p="md" component="section">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t(`marketplace.tearsheet.blocks.${block.key}`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`marketplace.tearsheet.explain.${block.key}`)}
              </Text>
              {block.fields.map((field) =>
                field === 'company' ? (
                  <Stack key={field} gap={4}>
                    <Text size="sm">
                      {t('marketplace.security.company_legal_name')}: {q.company_legal_name ?? '—'}
                    </Text>
                    <Text size="sm">
                      {t('marketplace.security.company_headquarters')}: {q.company_headquarters ?? '—'}
                      {q.headquarters_country ? ` (${countryName(q.headquarters_country)})` : ''}
                    </Text>
                    <Text size="sm">
                      {t('marketplace.security.data_processing_countries')}:{' '}
                      {q.data_processing_countries.map(countryName).join(', ') || '—'}
                    </Text>
                  </Stack>
                ) : (
                  <Stack key={field} gap={2}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm">{t(`marketplace.security.${field}`)}</Text>
                      {answer(q[field])}
                    </Group>
                    {q[field] && details(q, field) && (
                      <Text size="sm" c="dimmed" pl="md">
                        {details(q, field)}
                      </Text>
                    )}
                  </Stack>
                ),
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Drawer>
  );
}
