import { Checkbox, Input, SimpleGrid } from '@mantine/core';
import { PRODUCT_TOOLS } from '@portal/contracts/marketplace-catalog';
import { useTranslation } from 'react-i18next';
import { FieldLabel, useFieldKit } from '../field-kit.tsx';

/** The Product Tools tab: the tools the app works with. */
export function ProductToolsTab() {
  const { t } = useTranslation();
  const { values, set, readOnly } = useFieldKit();
  return (
    <Input.Wrapper
      label={<FieldLabel field="product_tools" label={t('marketplace.fields.product_tools')} />}
      description={t('marketplace.hints.productTools')}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="xs">
        {PRODUCT_TOOLS.map((tool) => (
          <Checkbox
            key={tool.id}
            label={tool.title}
            checked={values.product_tools[tool.id] ?? false}
            disabled={readOnly}
            onChange={(event) =>
              set('product_tools', { ...values.product_tools, [tool.id]: event.currentTarget.checked })
            }
          />
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
