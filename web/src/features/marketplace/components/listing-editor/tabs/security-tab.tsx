import { Button, MultiSelect, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SECURITY_QUESTIONS, type SecurityQuestionnaire } from '@portal/contracts';
import {
  countryName,
  MARKETPLACE_REGIONS,
  SECURITY_STANDARDS,
  SSO_PROVIDERS,
} from '@portal/contracts/marketplace-catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldKit } from '../field-kit.tsx';
import { YesNo } from '../fields.tsx';
import { QuestionnaireTearsheet } from '../questionnaire-tearsheet.tsx';

/** The Security & Compliance tab: the questionnaire switch (with its toast) and the questions. */
export function SecurityTab() {
  const { t } = useTranslation();
  const { values, set, readOnly, errors } = useFieldKit();
  const q = values.security_questionnaire;
  const update = (patch: Partial<SecurityQuestionnaire>, field: string) =>
    set('security_questionnaire', { ...q, ...patch }, `security_questionnaire.${field}`);
  const error = (field: string) => errors[`security_questionnaire.${field}`]?.join(' ');
  /** A text answer; `required` marks it (when enabled) as the rules require it for review. */
  const text = (field: keyof SecurityQuestionnaire, enabled = true, multiline = false, required = false) => {
    const props = {
      label: t(`marketplace.security.${field}`),
      withAsterisk: required && enabled,
      readOnly: readOnly || !enabled,
      disabled: !enabled,
      value: (q[field] as string | null) ?? '',
      error: error(field),
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        update({ [field]: event.currentTarget.value || null }, field),
    };
    return multiline ? <Textarea {...props} rows={2} /> : <TextInput {...props} />;
  };
  const countries = MARKETPLACE_REGIONS.flatMap((region) => region.countries).map((code) => ({
    value: code,
    label: countryName(code),
  }));
  const uniqueCountries = [...new Map(countries.map((c) => [c.value, c])).values()];
  const [tearsheet, setTearsheet] = useState(false);
  return (
    <Stack>
      <QuestionnaireTearsheet questionnaire={q} opened={tearsheet} onClose={() => setTearsheet(false)} />
      <Switch
        label={t('marketplace.security.visible')}
        checked={q.security_questionnaire_visible}
        disabled={readOnly}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          update({ security_questionnaire_visible: on }, 'security_questionnaire_visible');
          notifications.show({
            color: 'green',
            message: on ? t('marketplace.security.enabled') : t('marketplace.security.disabled'),
            autoClose: 2000,
          });
        }}
      />
      {q.security_questionnaire_visible && (
        <Stack>
          <Button variant="default" w="fit-content" onClick={() => setTearsheet(true)}>
            {t('marketplace.tearsheet.open')}
          </Button>
          {text('company_legal_name', true, false, true)}
          {text('company_headquarters')}
          <Select
            label={t('marketplace.security.headquarters_country')}
            data={uniqueCountries}
            searchable
            withAsterisk
            readOnly={readOnly}
            value={q.headquarters_country}
            error={error('headquarters_country')}
            onChange={(value) => update({ headquarters_country: value }, 'headquarters_country')}
          />
          <MultiSelect
            label={t('marketplace.security.data_processing_countries')}
            data={uniqueCountries}
            searchable
            withAsterisk
            readOnly={readOnly}
            value={q.data_processing_countries}
            error={error('data_processing_countries')}
            onChange={(value) => update({ data_processing_countries: value }, 'data_processing_countries')}
          />
          {SECURITY_QUESTIONS.map((question) => (
            <Stack key={question} gap="xs">
              <YesNo
                field={`security_questionnaire.${question}`}
                label={t(`marketplace.security.${question}`)}
                value={q[question]}
                onChange={(value) => update({ [question]: value }, question)}
                error={error(question)}
              />
              {question === 'has_subprocessors' &&
                text('subprocessors_details', q.has_subprocessors === true, true, true)}
              {question === 'has_sensitive_data' &&
                text('sensitive_data_handling_details', q.has_sensitive_data === true, true, true)}
              {question === 'has_security_contact' &&
                text('security_email', q.has_security_contact === true, false, true)}
              {question === 'has_disclosure_program' &&
                text('disclosure_program_url', q.has_disclosure_program === true, false, true)}
              {question === 'has_security_standards' && (
                <>
                  <MultiSelect
                    label={t('marketplace.security.security_standard_ids')}
                    disabled={q.has_security_standards !== true}
                    withAsterisk={q.has_security_standards === true}
                    description={t('marketplace.security.standardsOrOther')}
                    readOnly={readOnly}
                    data={SECURITY_STANDARDS.map((standard) => ({
                      value: String(standard.id),
                      label: standard.variant
                        ? `${standard.standard_name} ${standard.variant}`
                        : standard.standard_name,
                    }))}
                    value={q.security_standard_ids.map(String)}
                    error={error('security_standard_ids')}
                    onChange={(ids) =>
                      update({ security_standard_ids: ids.map(Number) }, 'security_standard_ids')
                    }
                  />
                  {text('other_security_standards', q.has_security_standards === true)}
                </>
              )}
              {question === 'has_sso_support' && (
                <>
                  <MultiSelect
                    label={t('marketplace.security.sso_providers')}
                    disabled={q.has_sso_support !== true}
                    withAsterisk={q.has_sso_support === true}
                    description={t('marketplace.security.ssoOrOther')}
                    readOnly={readOnly}
                    data={[...SSO_PROVIDERS]}
                    value={q.sso_providers}
                    error={error('sso_providers')}
                    onChange={(names) => update({ sso_providers: names }, 'sso_providers')}
                  />
                  {text('other_sso_providers', q.has_sso_support === true)}
                </>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {!q.security_questionnaire_visible && <Text c="dimmed">{t('marketplace.security.hidden')}</Text>}
    </Stack>
  );
}
