import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../lib/config.ts';

export const REST_API_PATH = '/reference/rest/docs/rest-api-overview';

/** Rest API plus the external provider link; the restricted-government build hides the external
 *  link and opens Rest API in a new tab. */
export function ReferenceMenu() {
  const { t } = useTranslation();
  const config = useConfig();
  const restricted = config.restricted_government;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="dark">
          {t('nav.reference')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={REST_API_PATH}
          {...(restricted ? { target: '_blank', rel: 'noopener' } : {})}
        >
          {t('nav.restApi')}
        </Menu.Item>
        {!restricted && config.reference_external_url && (
          <Menu.Item
            component="a"
            href={config.reference_external_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {config.reference_external_label}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
