import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../lib/config.ts';
import type { DeferredControlProps } from '../deferred-control.tsx';
import { REST_API_PATH } from './paths.ts';

/** Rest API plus the external provider link; the restricted-government build hides the external
 *  link and opens Rest API in a new tab. Loaded on first use (top-nav.tsx). */
export function ReferenceMenu({ target, defaultOpened }: DeferredControlProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const restricted = config.restricted_government;
  return (
    // Not portalled: the open menu stays inside the Main navigation landmark, where it belongs.
    <Menu position="bottom-start" withinPortal={false} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
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
