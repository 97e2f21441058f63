import { Anchor, Breadcrumbs, type BreadcrumbsProps, Text } from '@mantine/core';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

/** A breadcrumb trail: a crumb with `to` is a link, one without is plain text (the page itself). */
export function Crumbs({ trail, ...props }: Omit<BreadcrumbsProps, 'children'> & { trail: Crumb[] }) {
  return (
    <Breadcrumbs {...props}>
      {trail.map((crumb) =>
        crumb.to ? (
          <Anchor key={`${crumb.label}>${crumb.to}`} component={Link} to={crumb.to}>
            {crumb.label}
          </Anchor>
        ) : (
          <Text key={crumb.label}>{crumb.label}</Text>
        ),
      )}
    </Breadcrumbs>
  );
}
